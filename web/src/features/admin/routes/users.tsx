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
import type { Schemas } from "../../../lib/api/client.ts";
import { type Role, useAuth } from "../../../lib/auth.ts";
import { formatMoment } from "../../../lib/dates.ts";
import { accountsChanged, accountsQuery, deleteUser, useChangeRole, useMakeResetLink } from "../api/users.ts";
import "../admin.css";

/** Every role the API has, with its label (the compiler holds the list to the schema's enum). */
const ROLES = { user: "User", admin: "Admin" } satisfies Record<Role, string>;

export function UsersPage() {
  const { session } = useAuth();
  useDocumentTitle("Users");
  return (
    <div className="page">
      <h1>Users</h1>
      {session?.role === "admin" ? (
        <UserList />
      ) : (
        <div className="notice" role="status">
          <p>Only admins can see and manage the accounts.</p>
        </div>
      )}
    </div>
  );
}

function UserList() {
  const query = useInfiniteQuery(accountsQuery());
  return (
    <PagedList query={query} empty="No accounts yet" className="user-list">
      {(user) => <UserRow user={user} />}
    </PagedList>
  );
}

function UserRow({ user }: { user: Schemas["UserRead"] }) {
  const id = useId();
  const queryClient = useQueryClient();
  const { session } = useAuth();
  const [role, setRole] = useState<Role>(user.role ?? "user");
  const [status, setStatus] = useState("");
  const save = useChangeRole(user.id);
  const self = session?.userId === user.id;

  return (
    <div className="user-row">
      <div className="user-who">
        <span className="row-title">
          {user.username}
          {self && " (you)"}
        </span>
        {user.email && <span className="row-text">{user.email}</span>}
      </div>
      <form
        className="user-role"
        onSubmit={(event) => {
          event.preventDefault();
          save.mutate(role, {
            onSuccess: (row) =>
              setStatus(`${row.username} is now ${row.role === "admin" ? "an admin" : "a user"}.`),
            onError: () => setStatus(""),
          });
        }}
      >
        <label htmlFor={`${id}-role`}>Role of {user.username}</label>
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
              {label}
            </option>
          ))}
        </select>
        <button type="submit" className="button button-quiet" disabled={save.isPending || role === user.role}>
          Change role<span className="visually-hidden"> of {user.username}</span>
        </button>
      </form>
      {self ? (
        <Link to="/account" className="user-self">
          Your own account
        </Link>
      ) : (
        <>
          <DeleteButton
            label="Delete"
            accessibleLabel={`Delete ${user.username}`}
            title={`Delete the account “${user.username}”?`}
            confirmLabel="Delete account"
            action={() => deleteUser(user.id)}
            onDeleted={() => accountsChanged(queryClient)}
          >
            <p>
              Their recipes, shopping lists and meal plan go with it. The stores and ingredients they added
              stay, without their name. This cannot be undone.
            </p>
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
  return (
    <div className="user-reset">
      <button
        type="button"
        className="button button-quiet"
        disabled={make.isPending}
        onClick={() => make.mutate()}
      >
        {made ? "Make another reset link" : "Reset password"}
        <span className="visually-hidden"> of {user.username}</span>
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
  // The new link takes the focus, so it is what a screen reader reads next.
  useEffect(() => heading.current?.focus(), []);
  return (
    <div className="user-reset-card">
      <h2 ref={heading} tabIndex={-1}>
        Password reset for {username}
      </h2>
      <LinkToSend link={link.url} label={`Reset link for ${username}`} />
      <p className="field-hint">
        {link.emailed && email ? `It was also e-mailed to ${email}. ` : "Send it to them yourself. "}
        It works once, until {formatMoment(link.expires_at)}: opening it lets them choose a new password, and
        signs them out everywhere. It is shown only now.
      </p>
    </div>
  );
}
