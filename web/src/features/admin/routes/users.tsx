/**
 * The accounts, for admins: each with its email and role; a role changed, a password-reset link made
 * to pass on (the way back into a forgotten account), an account deleted. The API's refusals (the
 * last admin cannot lose the role or be deleted) are shown as its sentence.
 */
import { useInfiniteQuery, useQueryClient } from "@tanstack/react-query";
import { Link } from "@tanstack/react-router";
import { useEffect, useId, useRef, useState } from "react";
import { DeleteButton } from "../../../components/delete-button.tsx";
import { LinkToSend } from "../../../components/link-to-send.tsx";
import { PagedList } from "../../../components/paged-list.tsx";
import { SaveError } from "../../../components/save-error.tsx";
import { useDocumentTitle } from "../../../hooks/use-document-title.ts";
import { type MessageId, useT } from "../../../i18n/index.ts";
import type { Schemas } from "../../../lib/api/client.ts";
import { type Role, useAuth } from "../../../lib/auth.ts";
import { formatMoment } from "../../../lib/dates.ts";
import { accountsChanged, accountsQuery, deleteUser, useChangeRole, useMakeResetLink } from "../api/users.ts";
import "../admin.css";

/** Every role the API has, with its label's message (the compiler holds the list to the schema's enum). */
const ROLES = { user: "admin.roleUser", admin: "admin.roleAdmin" } satisfies Record<Role, MessageId>;

export function UsersPage() {
  const { session } = useAuth();
  const { t } = useT();
  useDocumentTitle(t("admin.title"));
  return (
    <div className="page">
      <h1>{t("admin.title")}</h1>
      {session?.role === "admin" ? (
        <UserList />
      ) : (
        <div className="notice" role="status">
          <p>{t("admin.onlyAdmins")}</p>
        </div>
      )}
    </div>
  );
}

function UserList() {
  const query = useInfiniteQuery(accountsQuery());
  const { t } = useT();
  return (
    <PagedList query={query} empty={t("admin.noAccounts")} className="user-list">
      {(user) => <UserRow user={user} />}
    </PagedList>
  );
}

function UserRow({ user }: { user: Schemas["UserRead"] }) {
  const id = useId();
  const queryClient = useQueryClient();
  const { session } = useAuth();
  const { t } = useT();
  const [role, setRole] = useState<Role>(user.role ?? "user");
  const [status, setStatus] = useState("");
  const save = useChangeRole(user.id);
  const self = session?.userId === user.id;

  return (
    <div className="user-row">
      <div className="user-who">
        <span className="row-title">{self ? t("admin.you", { name: user.username }) : user.username}</span>
        {user.email && <span className="row-text">{user.email}</span>}
      </div>
      <form
        className="user-role"
        onSubmit={(event) => {
          event.preventDefault();
          save.mutate(role, {
            onSuccess: (row) =>
              setStatus(t("admin.roleChanged", { name: row.username, role: row.role ?? "user" })),
            onError: () => setStatus(""),
          });
        }}
      >
        <label htmlFor={`${id}-role`}>{t("admin.roleOf", { name: user.username })}</label>
        <select
          id={`${id}-role`}
          value={role}
          onChange={(event) => {
            setRole(event.currentTarget.value as Role);
            save.reset();
            setStatus("");
          }}
        >
          {Object.entries(ROLES).map(([value, label]) => (
            <option key={value} value={value}>
              {t(label)}
            </option>
          ))}
        </select>
        <button
          type="submit"
          className="button button-quiet"
          aria-label={t("admin.changeRoleOf", { name: user.username })}
          disabled={save.isPending || role === user.role}
        >
          {t("admin.changeRole")}
        </button>
      </form>
      {self ? (
        <Link to="/account" className="user-self">
          {t("admin.ownAccount")}
        </Link>
      ) : (
        <>
          <DeleteButton
            label={t("admin.delete")}
            accessibleLabel={t("admin.deleteName", { name: user.username })}
            title={t("admin.deleteTitle", { name: user.username })}
            confirmLabel={t("admin.deleteAccount")}
            action={() => deleteUser(user.id)}
            onDeleted={() => accountsChanged(queryClient)}
          >
            <p>{t("admin.deleteWhat")}</p>
          </DeleteButton>
          <ResetLink user={user} />
        </>
      )}
      <p className="user-status" role="status">
        {status}
      </p>
      <SaveError error={save.error} />
    </div>
  );
}

/**
 * "Reset password": a one-time link for someone who forgot theirs, to pass on (or e-mailed to them
 * when the service can send mail). Another press makes a new link, and the earlier one stops working.
 */
function ResetLink({ user }: { user: Schemas["UserRead"] }) {
  const make = useMakeResetLink(user.id);
  const made = make.data;
  const { t } = useT();
  return (
    <div className="user-reset">
      <button
        type="button"
        className="button button-quiet"
        disabled={make.isPending}
        aria-label={t(made ? "admin.anotherResetLinkOf" : "admin.resetPasswordOf", { name: user.username })}
        onClick={() => make.mutate()}
      >
        {t(made ? "admin.anotherResetLink" : "admin.resetPassword")}
      </button>
      <SaveError error={make.error} />
      {made && <ResetLinkCard key={made.url} username={user.username} email={user.email} link={made} />}
    </div>
  );
}

function ResetLinkCard({
  username,
  email,
  link,
}: {
  username: string;
  email: string | null | undefined;
  link: Schemas["PasswordResetRead"];
}) {
  const heading = useRef<HTMLHeadingElement>(null);
  const { t } = useT();
  // The new link takes the focus, so it is what a screen reader reads next.
  useEffect(() => heading.current?.focus(), []);
  return (
    <div className="user-reset-card">
      <h2 ref={heading} tabIndex={-1}>
        {t("admin.resetFor", { name: username })}
      </h2>
      <LinkToSend link={link.url} label={t("admin.resetLinkFor", { name: username })} />
      <p className="field-hint">
        {link.emailed && email
          ? t("admin.resetEmailed", { email, until: formatMoment(link.expires_at) })
          : t("admin.resetSendYourself", { until: formatMoment(link.expires_at) })}
      </p>
    </div>
  );
}
