/**
 * A link for the person at the screen to pass on (a household invitation, a password-reset link):
 * the link in a read-only box, "Copy link", and "Share…" where the system has a share sheet. When
 * copying is refused (no clipboard permission), the link is selected in the box to copy by hand.
 */
import { useId, useRef, useState } from "react";
import "./link-to-send.css";

export function LinkToSend({
  link,
  label = "Link to send",
  share,
}: {
  link: string;
  label?: string;
  /** What the share sheet says around the link; without it, no "Share…". */
  share?: { title: string; text: string };
}) {
  const id = useId();
  const field = useRef<HTMLInputElement>(null);
  const [said, setSaid] = useState("");
  const canShare = share !== undefined && typeof navigator.share === "function";

  const copy = async () => {
    try {
      await navigator.clipboard.writeText(link);
      setSaid("Copied the link.");
    } catch {
      field.current?.select();
      setSaid("Copying did not work here: the link is selected, copy it from the box.");
    }
  };
  const shareLink = async () => {
    try {
      await navigator.share({ ...share, url: link });
    } catch (error) {
      // Closing the share sheet is not a failure worth a sentence.
      if (error instanceof DOMException && error.name === "AbortError") return;
      setSaid("Sharing did not work here. Copy the link instead.");
    }
  };

  return (
    <>
      <div className="field">
        <label htmlFor={`${id}-link`}>{label}</label>
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
          Copy link
        </button>
        {canShare && (
          <button type="button" className="button button-quiet" onClick={() => void shareLink()}>
            Share…
          </button>
        )}
      </div>
      <p className="link-said" role="status">
        {said}
      </p>
    </>
  );
}
