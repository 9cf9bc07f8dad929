/**
 * The accounts, for admins: each with its email and role; a role changed, an account deleted. The
 * API's refusals (the last admin cannot lose the role or be deleted) are shown as its sentence.
 */
import { useInfiniteQuery, useMutation, useQueryClient } from "@tanstack/react-query";
import { Link } from "@tanstack/react-router";
import { useId, useState } from "react";
import { DeleteButton } from "../../../components/delete-button.tsx";
import { PagedList } from "../../../components/paged-list.tsx";
import { SaveError } from "../../../components/save-error.tsx";
import { useDocumentTitle } from "../../../components/use-document-title.ts";
import type { Schemas } from "../../../lib/api/client.ts";
import { useAuth } from "../../../lib/auth.ts";
import { changeRole, deleteUser, type Role, userQueries } from "../api/users.ts";
import "../admin.css";

const ROLES: { value: Role; label: string }[] = [
  { value: "user", label: "User" },
  { value: "admin", label: "Admin" },
];

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
  const query = useInfiniteQuery(userQueries.list());
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
  const refresh = () => void queryClient.invalidateQueries({ queryKey: ["users"] });
  const save = useMutation({
    mutationFn: () => changeRole(user.id, role),
    onSuccess: (row) => {
      setStatus(`${row.username} is now ${row.role === "admin" ? "an admin" : "a user"}.`);
      refresh();
    },
    onError: () => setStatus(""),
  });
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
          save.mutate();
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
          {ROLES.map((r) => (
            <option key={r.value} value={r.value}>
              {r.label}
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
          onDeleted={refresh}
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
