/**
 * The frame of every page: skip link, header with the navigation (on a phone: the everyday places,
 * then "More") and the account, the expired-session
 * notice, the notice of changes made offline that were not sent (lib/unsent-changes.ts), and the page
 * itself. Cook mode and print hide the frame through CSS classes.
 */
import { useQueryClient } from "@tanstack/react-query";
import {
  Link,
  Outlet,
  useLocation,
  useMatchRoute,
  useNavigate,
  useRouterState,
} from "@tanstack/react-router";
import {
  type FocusEvent,
  type KeyboardEvent,
  type ReactNode,
  useEffect,
  useId,
  useRef,
  useState,
} from "react";
import { useT } from "../i18n/index.ts";
import { accountQueries, logOut, useAccount } from "../lib/api/users.ts";
import { auth, useAuth } from "../lib/auth.ts";
import { dismissUnsent, useUnsentChanges } from "../lib/unsent-changes.ts";
import { LanguagePicker } from "./language-picker.tsx";
import { NAV_ITEMS, type NavItem } from "./navigation.ts";

export function Shell() {
  const { t } = useT();
  const { session, expired } = useAuth();
  const location = useLocation();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  // Where to come back to after logging in: the page and its search, never the fragment (a
  // password-reset link's one-time code is there, and must not end up in an address sent anywhere).
  const here = `${location.pathname}${location.searchStr}`;
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

  const signOut = async () => {
    await logOut();
    queryClient.removeQueries({ queryKey: accountQueries.all });
    void navigate({ to: "/" });
  };

  return (
    <div className="app" data-immersive={immersive || undefined}>
      <a className="skip-link" href="#main">
        {t("app.skipToContent")}
      </a>
      <header className="site-header">
        <div className="site-header-inner">
          <Link to="/" className="brand">
            <span className="brand-mark" aria-hidden="true">
              ◐
            </span>
            {t("common.brand")}
          </Link>
          <div className="header-tools">
            <LanguagePicker session={session} />
            <Account session={session} here={here} onAuthPage={onAuthPage} onSignOut={signOut} />
          </div>
        </div>
        <MainNav items={NAV_ITEMS.filter((item) => item.show?.(session) ?? true)} />
      </header>
      {expired && !onAuthPage && (
        <div className="session-notice" role="status">
          <p>
            {t("app.sessionExpired")}{" "}
            <Link to="/login" search={{ redirect: here, expired: true }}>
              {t("app.logInAgain")}
            </Link>
          </p>
          <button type="button" className="button button-quiet" onClick={() => auth.acknowledgeExpiry()}>
            {t("app.dismiss")}
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
 * The places a phone shows first, in one row that never scrolls sideways: what a person opens every
 * day, in the kitchen or the shop. Everything else is behind "More" there (issue 36: at 390 px the
 * eleven tabs hid the shopping lists, the meal plan and the household).
 */
const EVERYDAY = new Set<NavItem["to"]>(["/", "/lists", "/meal-plan", "/households"]);
/** How many places the phone's row holds: when all fit (signed out there are four), no "More". */
const PHONE_ROW = 5;

/**
 * The main navigation, one list for every width. A wide screen shows every place in one bar, as
 * ever; a phone (styles.css, below 600 px) shows the everyday places and a "More" disclosure with the
 * rest. The rest is hidden there by CSS (so a screen reader skips it too), and "More" on a wide screen.
 */
function MainNav({ items }: { items: NavItem[] }) {
  const { t } = useT();
  const allFit = items.length <= PHONE_ROW;
  const rest = allFit ? [] : items.filter((item) => !EVERYDAY.has(item.to));
  return (
    <nav aria-label={t("app.mainNavigation")} className="site-nav">
      <ul>
        {items.map((item) => (
          <li key={item.to} className={allFit || EVERYDAY.has(item.to) ? undefined : "nav-rest"}>
            <NavLink item={item} icon />
          </li>
        ))}
        {rest.length > 0 && <MoreMenu items={rest} />}
      </ul>
    </nav>
  );
}

function NavLink({ item, icon = false, onClick }: { item: NavItem; icon?: boolean; onClick?: () => void }) {
  const { t } = useT();
  return (
    <Link to={item.to} activeOptions={{ exact: item.to === "/", includeSearch: false }} onClick={onClick}>
      {icon && <NavIcon to={item.to} />}
      <span className="nav-label">{t(item.label)}</span>
    </Link>
  );
}

/**
 * "More" on a phone: a disclosure button (aria-expanded) and the list it opens below the row. Escape
 * closes it and gives the focus back to the button; so do a click elsewhere, the focus leaving it and
 * going to another page (the focus is then the page's). The button is marked when the page open is
 * one of its places, which the row would otherwise not show.
 */
function MoreMenu({ items }: { items: NavItem[] }) {
  const { t } = useT();
  const [open, setOpen] = useState(false);
  const button = useRef<HTMLButtonElement>(null);
  const box = useRef<HTMLLIElement>(null);
  const panelId = useId();
  const matchRoute = useMatchRoute();
  const here = items.some((item) => matchRoute({ to: item.to, fuzzy: true }) !== false);
  const pathname = useLocation({ select: (l) => l.pathname });
  const [openedOn, setOpenedOn] = useState(pathname);
  if (openedOn !== pathname) {
    // Another page: what it offers is the page, not the menu.
    setOpenedOn(pathname);
    setOpen(false);
  }

  useEffect(() => {
    if (!open) return;
    const outside = (event: PointerEvent) => {
      if (!box.current?.contains(event.target as Node)) setOpen(false);
    };
    document.addEventListener("pointerdown", outside);
    return () => document.removeEventListener("pointerdown", outside);
  }, [open]);

  const onKeyDown = (event: KeyboardEvent) => {
    if (event.key !== "Escape" || !open) return;
    event.stopPropagation();
    setOpen(false);
    button.current?.focus();
  };
  const onBlur = (event: FocusEvent) => {
    const next = event.relatedTarget;
    if (next instanceof Node && !box.current?.contains(next)) setOpen(false);
  };

  return (
    <li className="nav-more" ref={box} onKeyDown={onKeyDown} onBlur={onBlur}>
      <button
        ref={button}
        type="button"
        className="nav-more-button"
        aria-expanded={open}
        aria-controls={panelId}
        data-current={here || undefined}
        onClick={() => setOpen((o) => !o)}
      >
        <NavIcon to="more" />
        <span className="nav-label">{t("app.more")}</span>
      </button>
      <ul id={panelId} className="nav-more-panel" hidden={!open}>
        {items.map((item) => (
          <li key={item.to}>
            <NavLink item={item} onClick={() => setOpen(false)} />
          </li>
        ))}
      </ul>
    </li>
  );
}

/** 24 px line drawings, in the text's colour; the label beside them says what they are. */
const ICONS: Record<string, ReactNode> = {
  "/": (
    <path d="M5 4.5A1.5 1.5 0 0 1 6.5 3H19v15H6.5A1.5 1.5 0 0 0 5 19.5v-15ZM5 19.5A1.5 1.5 0 0 0 6.5 21H19M9 7.5h6" />
  ),
  "/lists": <path d="M9 6h11M9 12h11M9 18h11M4 6h.01M4 12h.01M4 18h.01" />,
  "/meal-plan": (
    <path d="M4 6.5A1.5 1.5 0 0 1 5.5 5h13A1.5 1.5 0 0 1 20 6.5v12a1.5 1.5 0 0 1-1.5 1.5h-13A1.5 1.5 0 0 1 4 18.5v-12ZM4 10h16M8 3v4M16 3v4" />
  ),
  "/households": <path d="M3.5 11 12 4l8.5 7M6 9v11h12V9M10 20v-5h4v5" />,
  "/categories": <path d="M4 4h7v7H4zM13 4h7v7h-7zM4 13h7v7H4zM13 13h7v7h-7z" />,
  "/ingredients": (
    <path d="M12 21c4.5 0 7-3 7-7.5S15.5 5 12 5 5 9 5 13.5 7.5 21 12 21ZM12 5c0-1.5.5-2.5 2-3" />
  ),
  "/stores": <path d="M4 9h16l-1 11H5L4 9ZM8.5 9a3.5 3.5 0 0 1 7 0" />,
  more: <path d="M5 12h.01M12 12h.01M19 12h.01" />,
};

function NavIcon({ to }: { to: string }) {
  const drawing = ICONS[to];
  if (!drawing) return null;
  return (
    <svg
      className="nav-icon"
      viewBox="0 0 24 24"
      aria-hidden="true"
      focusable="false"
      fill="none"
      stroke="currentColor"
      strokeWidth={to === "more" ? 3.5 : 1.8}
      strokeLinecap="round"
      strokeLinejoin="round"
    >
      {drawing}
    </svg>
  );
}

/**
 * Changes made offline that were dropped, not sent (a log-out, or another person logging in), each
 * until the person has read it. The region is always there, so a screen reader announces what appears.
 */
function UnsentChanges() {
  const { t } = useT();
  const notices = useUnsentChanges();
  return (
    <div className="unsent-changes" role="status">
      {notices.map((n) => (
        <p key={n.id} className="unsent-notice notice-bar">
          <span>{n.text}</span>
          <button type="button" className="button button-quiet" onClick={() => dismissUnsent(n.id)}>
            {t("app.ok")}
            <span className="visually-hidden">{t("app.okAbout", { notice: n.text })}</span>
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
  onSignOut: () => Promise<void>;
}) {
  const { t } = useT();
  const me = useAccount(session);
  if (!session) {
    // From the log-in page itself, keep the page it was going back to.
    const redirect = onAuthPage ? undefined : here;
    return (
      <div className="account">
        <Link to="/login" search={{ redirect }} className="button button-quiet">
          {t("common.logIn")}
        </Link>
        <Link to="/signup" search={{ redirect }} className="button">
          {t("common.signUp")}
        </Link>
      </div>
    );
  }
  return (
    <div className="account">
      <span className="account-name" title={t("app.signedIn")}>
        {me.data?.username ?? t("app.signedIn")}
      </span>
      <button type="button" className="button button-quiet" onClick={() => void onSignOut()}>
        {t("app.logOut")}
      </button>
    </div>
  );
}
