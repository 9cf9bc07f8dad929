/**
 * The accounts, for admins: each with its email and role; a role changed, an account deleted. The
 * API's refusals (the last admin cannot lose the role or be deleted) are shown as its sentence.
 */
import { useInfiniteQuery, useQueryClient } from "@tanstack/react-query";
import { Link } from "@tanstack/react-router";
import { useId, useState } from "react";
import { DeleteButton } from "../../../components/delete-button.tsx";
import { PagedList } from "../../../components/paged-list.tsx";
import { SaveError } from "../../../components/save-error.tsx";
import { useDocumentTitle } from "../../../hooks/use-document-title.ts";
import type { Schemas } from "../../../lib/api/client.ts";
import { type Role, useAuth } from "../../../lib/auth.ts";
import { accountsChanged, accountsQuery, deleteUser, useChangeRole } from "../api/users.ts";
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
      )}
      <p className="user-status" role="status">
        {status}
      </p>
      <SaveError error={save.error} />
    </div>
  );
}
