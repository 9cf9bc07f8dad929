/** bcrypt hashing. The cost comes from config (≥ 10 in production; tests may lower it). */
import bcrypt from "bcryptjs";
import { config } from "../config.ts";

export const hashPassword = (password: string): Promise<string> => bcrypt.hash(password, config.bcryptCost);

export const verifyPassword = (password: string, hash: string): Promise<boolean> =>
  bcrypt.compare(password, hash);
