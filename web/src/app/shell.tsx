/**
 * The frame of every page: skip link, header with the navigation and the account, the expired-session
 * notice, the notice of changes made offline that were not sent (lib/unsent-changes.ts), and the page
 * itself. Cook mode and print hide the frame through CSS classes.
 */
import { useQuery, useQueryClient } from "@tanstack/react-query";
import { Link, Outlet, useLocation, useNavigate, useRouterState } from "@tanstack/react-router";
import { useEffect } from "react";
import { accountQueries } from "../lib/api/users.ts";
import { auth, useAuth } from "../lib/auth.ts";
import { dismissUnsent, useUnsentChanges } from "../lib/unsent-changes.ts";
import { NAV_ITEMS } from "./navigation.ts";

export function Shell() {
  const { session, expired } = useAuth();
  const location = useLocation();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const here = location.href;
  const onAuthPage = location.pathname === "/login" || location.pathname === "/signup";
  const needsSession = useRouterState({ select: (s) => s.matches.some((m) => m.staticData.requiresSession) });
  const immersive = useRouterState({ select: (s) => s.matches.some((m) => m.staticData.immersive) });

  // A page that needs an account cannot stay open once the session ran out: straight to log-in,
  // and back here afterwards. Elsewhere a notice asks, without taking the page away.
  useEffect(() => {
    if (expired && needsSession && !onAuthPage) {
      void navigate({ to: "/login", search: { redirect: here, expired: true }, replace: true });
    }
  }, [expired, needsSession, onAuthPage, here, navigate]);

  const signOut = () => {
    auth.signOut();
    queryClient.removeQueries({ queryKey: accountQueries.all });
    void navigate({ to: "/" });
  };

  return (
    <div className="app" data-immersive={immersive || undefined}>
      <a className="skip-link" href="#main">
        Skip to content
      </a>
      <header className="site-header">
        <div className="site-header-inner">
          <Link to="/" className="brand">
            <span className="brand-mark" aria-hidden="true">
              ◐
            </span>
            Recipes
          </Link>
          <Account session={session} here={here} onAuthPage={onAuthPage} onSignOut={signOut} />
        </div>
        <nav aria-label="Main" className="site-nav">
          <ul>
            {NAV_ITEMS.filter((item) => item.show?.(session) ?? true).map((item) => (
              <li key={item.to}>
                <Link to={item.to} activeOptions={{ exact: item.to === "/", includeSearch: false }}>
                  {item.label}
                </Link>
              </li>
            ))}
          </ul>
        </nav>
      </header>
      {expired && !onAuthPage && (
        <div className="session-notice" role="status">
          <p>
            Your session has expired.{" "}
            <Link to="/login" search={{ redirect: here, expired: true }}>
              Log in again
            </Link>
          </p>
          <button type="button" className="button button-quiet" onClick={() => auth.acknowledgeExpiry()}>
            Dismiss
          </button>
        </div>
      )}
      <UnsentChanges />
      <main id="main" tabIndex={-1}>
        <Outlet />
      </main>
    </div>
  );
}

/**
 * Changes made offline that were dropped, not sent (a log-out, or another person logging in), each
 * until the person has read it. The region is always there, so a screen reader announces what appears.
 */
function UnsentChanges() {
  const notices = useUnsentChanges();
  return (
    <div className="unsent-changes" role="status">
      {notices.map((n) => (
        <p key={n.id} className="unsent-notice">
          <span>{n.text}</span>
          <button type="button" className="button button-quiet" onClick={() => dismissUnsent(n.id)}>
            OK<span className="visually-hidden">, {n.text}</span>
          </button>
        </p>
      ))}
    </div>
  );
}

function Account({
  session,
  here,
  onAuthPage,
  onSignOut,
}: {
  session: ReturnType<typeof useAuth>["session"];
  here: string;
  onAuthPage: boolean;
  onSignOut: () => void;
}) {
  const me = useQuery({ ...accountQueries.me(session?.userId ?? 0), enabled: session !== null });
  if (!session) {
    // From the log-in page itself, keep the page it was going back to.
    const redirect = onAuthPage ? undefined : here;
    return (
      <div className="account">
        <Link to="/login" search={{ redirect }} className="button button-quiet">
          Log in
        </Link>
        <Link to="/signup" search={{ redirect }} className="button">
          Sign up
        </Link>
      </div>
    );
  }
  return (
    <div className="account">
      <span className="account-name" title="Signed in">
        {me.data?.username ?? "Signed in"}
      </span>
      <button type="button" className="button button-quiet" onClick={onSignOut}>
        Log out
      </button>
    </div>
  );
}
