/**
 * A link for the person at the screen to pass on (a household invitation, a password-reset link):
 * the link in a read-only box, "Copy link", and "Share…" where the system has a share sheet. When
 * copying is refused (no clipboard permission), the link is selected in the box to copy by hand.
 */
import { useId, useRef, useState } from "react";
import { useT } from "../i18n/index.ts";
import "./link-to-send.css";

export function LinkToSend({
  link,
  label,
  share,
}: {
  link: string;
  label?: string;
  /** What the share sheet says around the link; without it, no "Share…". */
  share?: { title: string; text: string };
}) {
  const { t } = useT();
  const id = useId();
  const field = useRef<HTMLInputElement>(null);
  const [said, setSaid] = useState("");
  const canShare = share !== undefined && typeof navigator.share === "function";

  const copy = async () => {
    try {
      await navigator.clipboard.writeText(link);
      setSaid(t("components.copiedLink"));
    } catch {
      field.current?.select();
      setSaid(t("components.copyFailed"));
    }
  };
  const shareLink = async () => {
    try {
      await navigator.share({ ...share, url: link });
    } catch (error) {
      // Closing the share sheet is not a failure worth a sentence.
      if (error instanceof DOMException && error.name === "AbortError") return;
      setSaid(t("components.shareFailed"));
    }
  };

  return (
    <>
      <div className="field">
        <label htmlFor={`${id}-link`}>{label ?? t("components.linkToSend")}</label>
        <input
          ref={field}
          id={`${id}-link`}
          className="link-to-send"
          type="url"
          readOnly
          value={link}
          onFocus={(e) => e.currentTarget.select()}
        />
      </div>
      <div className="link-actions">
        <button type="button" className="button" onClick={() => void copy()}>
          {t("components.copyLink")}
        </button>
        {canShare && (
          <button type="button" className="button button-quiet" onClick={() => void shareLink()}>
            {t("components.share")}
          </button>
        )}
      </div>
      <p className="link-said" role="status">
        {said}
      </p>
    </>
  );
}
