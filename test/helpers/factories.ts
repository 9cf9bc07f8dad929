/** Test data with unique names, so tests never depend on an empty database or on each other. */
import { issueAccessToken } from "../../core/auth/token.ts";
import { getDb } from "../../core/db.ts";
import { hashPassword } from "../../core/user/password.ts";
import { insertUser } from "../../core/user/repository.ts";
import type { Role } from "../../core/user/table.ts";

let counter = 0;

/** A short name no other test (or parallel test file) will pick. */
export function unique(prefix: string): string {
  counter += 1;
  return `${prefix}-${process.pid}-${Date.now().toString(36)}-${counter}`;
}

export type TestUser = {
  id: number;
  username: string;
  email: string;
  role: Role;
  password: string;
  token: string;
};

export async function makeUser(options: { role?: Role; password?: string } = {}): Promise<TestUser> {
  const username = unique("u").toLowerCase().slice(0, 32);
  const password = options.password ?? "correct horse battery";
  const user = await insertUser(getDb(), {
    username,
    email: `${username}@example.com`,
    password_hash: await hashPassword(password),
    role: options.role ?? "user",
  });
  const { access_token } = await issueAccessToken(user);
  return { id: user.id, username, email: user.email, role: user.role, password, token: access_token };
}
