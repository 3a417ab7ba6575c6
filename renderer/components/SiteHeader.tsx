import { useEffect, useId, useRef, useState, type FocusEvent, type KeyboardEvent, type MouseEvent, type ReactNode } from "react";
import { Link, NavLink, useLocation } from "react-router";
import { DEFAULT_SITE_NAME, type LoggedProfile } from "../../contract/index.js";
import { useUnreadNotifications } from "../api/notifications.js";
import { useAppConfig, useCurrentProfile, useSignOutMutation } from "../api/queries.js";
import { useScrolledOutOfView } from "../hooks/useScrolledOutOfView.js";
import { useStickyHeaderOffset } from "../hooks/useStickyHeaderOffset.js";
import { MY_SEARCHES, PATHS, signInPath } from "../routes/paths.js";
import { AddResourceButton } from "./AddResourceDialog.js";
import { CreateDialog } from "./CreateDialog.js";
import { Icon } from "./Icon.js";

/** Slots the layout fills with scenes' controls, so shared components never import a scene. */
interface HeaderSlots {
  /** The Bulk Import button and its dialog, shown to profiles with the bulk_importer permission. */
  bulkImport?: ReactNode;
}

/** The site header; once it scrolls out of view, a compact copy sticks to the top of the window. */
export function SiteHeader(slots: HeaderSlots) {
  const barRef = useRef<HTMLDivElement>(null);
  const stuck = useScrolledOutOfView(barRef);
  return (
    <header className="site-header">
      <div ref={barRef} className="site-header__bar">
        <HeaderContent slots={slots} />
      </div>
      {stuck && <StickyHeader slots={slots} />}
    </header>
  );
}

/** The compact copy fixed to the top of the window; the page keeps focused elements clear of its real height. */
function StickyHeader({ slots }: { slots: HeaderSlots }) {
  const ref = useRef<HTMLDivElement>(null);
  useStickyHeaderOffset(ref);
  return (
    <div ref={ref} className="site-header__sticky" data-testid="sticky-header">
      <HeaderContent slots={slots} compact />
    </div>
  );
}

function HeaderContent({ slots, compact = false }: { slots: HeaderSlots; compact?: boolean }) {
  const { data: config } = useAppConfig();
  const siteName = config?.siteName ?? DEFAULT_SITE_NAME;
  return (
    <div className={`site-header__inner${compact ? " site-header__inner--compact" : ""}`}>
      <Link className="brand" to={PATHS.search}>
        <span className="brand__mark" aria-hidden="true">
          {siteName.charAt(0)}
        </span>
        <span className="visually-hidden-on-phone">{siteName}</span>
      </Link>
      {compact ? (
        <div className="site-nav">
          <NavLinks />
        </div>
      ) : (
        <nav className="site-nav" aria-label="Main">
          <NavLinks />
        </nav>
      )}
      <AccountArea slots={slots} />
    </div>
  );
}

/** Whether the profile reads or manages what the staff's pages hold (reports, contact messages, interceptors, announcements): the header links to them. */
const mayModerate = (profile: LoggedProfile | null | undefined) => Boolean(profile?.permissions.review_reports || profile?.permissions.read_contact_messages || profile?.permissions.manage_interceptors || profile?.permissions.manage_announcements);

/**
 * Search for everyone; Moderation (reports and contact messages) for the staff who read them. On phones (up to
 * 48rem) the Moderation link moves into the folded account actions (see AccountArea), so the header stays one row.
 */
function NavLinks() {
  const profile = useCurrentProfile();
  return (
    <>
      <NavLink className="site-nav__link" to={PATHS.search}>
        Search
      </NavLink>
      {mayModerate(profile) && (
        <NavLink className="site-nav__link site-nav__link--wide-only" to={PATHS.moderation}>
          Moderation
        </NavLink>
      )}
    </>
  );
}

/** Guests get a Sign in link; signed-in people see Add Resource, Bulk Import (when they may import), Create, and their name, which opens their profile, Account and Sign out. */
function AccountArea({ slots }: { slots: HeaderSlots }) {
  const profile = useCurrentProfile();
  const signOut = useSignOutMutation();
  const location = useLocation();
  const unread = useUnreadNotifications(Boolean(profile)).data?.unread_count ?? 0;
  // Sign out leaves the page with the button; a keyboard user's focus goes to the Sign in link that takes its place.
  const focusSignInLink = useRef(false);
  const signInLinkRef = (link: HTMLAnchorElement | null) => {
    if (!link || !focusSignInLink.current) return;
    focusSignInLink.current = false;
    link.focus();
  };

  const handleSignOut = (event: MouseEvent<HTMLButtonElement>) => {
    if (signOut.isPending) return;
    focusSignInLink.current = document.activeElement === event.currentTarget;
    signOut.mutate(undefined, { onError: () => (focusSignInLink.current = false) });
  };

  if (profile === undefined) return <div className="account" />;
  if (profile === null) {
    if (location.pathname === PATHS.login) return <div className="account" />;
    return (
      <div className="account">
        <Link ref={signInLinkRef} className="button button--primary button--small" to={signInPath(location.pathname + location.search)}>
          Sign in
        </Link>
      </div>
    );
  }
  return (
    <AccountActions unread={unread}>
      {mayModerate(profile) && (
        <NavLink className="button button--secondary button--small account__narrow-only" to={PATHS.moderation}>
          Moderation
        </NavLink>
      )}
      <NotificationsLink unread={unread} />
      <AddResourceButton />
      {profile.permissions.bulk_importer && slots.bulkImport}
      <CreateDialog />
      <AccountMenu profile={profile}>
        <Link className="button button--secondary button--small account-menu__item" to={MY_SEARCHES.favorites}>
          My favorites
        </Link>
        <Link className="button button--secondary button--small account-menu__item" to={MY_SEARCHES.collections}>
          My collections
        </Link>
        {/* Password and e-mail address: the person's own Account settings. */}
        <NavLink className="button button--secondary button--small account-menu__item" to={PATHS.account}>
          Account
        </NavLink>
        {/* aria-disabled rather than disabled: a disabled button would drop keyboard focus while signing out. */}
        <button type="button" className="button button--secondary button--small account-menu__item" aria-disabled={signOut.isPending || undefined} onClick={handleSignOut}>
          Sign out
        </button>
      </AccountMenu>
    </AccountActions>
  );
}

/**
 * The signed-in person's name (and photo): a disclosure holding the way to their own profile (its photo is changed
 * there), their favorites and collections (searches: `MY_SEARCHES`), Account and Sign out, so the header's row keeps room for the actions on a 1280 px screen whatever the name.
 * Escape gives focus back to the name, the arrow keys move among its items; a click elsewhere, tabbing out of it or a new
 * page closes it. On phones and tablets its items are
 * listed flat in the folded Menu (see layout.css).
 */
function AccountMenu({ profile, children }: { profile: LoggedProfile; children: ReactNode }) {
  const [openOn, setOpenOn] = useState<string | null>(null);
  const { pathname } = useLocation();
  const open = openOn === pathname;
  const panelId = useId();
  const rootRef = useRef<HTMLDivElement>(null);
  const toggleRef = useRef<HTMLButtonElement>(null);

  useEffect(() => {
    if (!open) return;
    const closeOnOutsideClick = (event: PointerEvent) => {
      if (!rootRef.current?.contains(event.target as Node)) setOpenOn(null);
    };
    document.addEventListener("pointerdown", closeOnOutsideClick);
    return () => document.removeEventListener("pointerdown", closeOnOutsideClick);
  }, [open]);

  const close = () => setOpenOn(null);
  /** Escape closes it, back on the name; the arrows, Home and End move among its items (not scroll the page). */
  const handleKeyDown = (event: KeyboardEvent<HTMLDivElement>) => {
    if (!open) return;
    if (event.key === "Escape") {
      // Handled here: the phone's Menu around it must stay open.
      event.stopPropagation();
      close();
      toggleRef.current?.focus();
      return;
    }
    const items = [...(rootRef.current?.querySelectorAll<HTMLElement>(".account-menu__item") ?? [])];
    const at = items.indexOf(document.activeElement as HTMLElement);
    const next = { ArrowDown: at + 1, ArrowUp: at < 0 ? items.length - 1 : at - 1, Home: 0, End: items.length - 1 }[event.key];
    if (next === undefined || !items.length) return;
    event.preventDefault();
    items[(next + items.length) % items.length]!.focus();
  };
  /** Tabbing out closes it, so it does not cover what takes focus next (a click elsewhere: the pointer handler above). */
  const closeWhenFocusLeaves = (event: FocusEvent<HTMLDivElement>) => {
    const to = event.relatedTarget as Node | null;
    if (open && to && !rootRef.current?.contains(to)) close();
  };

  return (
    <div ref={rootRef} className="account-menu" data-open={open || undefined} onKeyDown={handleKeyDown} onBlur={closeWhenFocusLeaves}>
      <button ref={toggleRef} type="button" className="account__name account-menu__toggle" aria-expanded={open} aria-controls={panelId} onClick={() => setOpenOn(open ? null : pathname)} title={profile.name /* the whole name, where the header cuts a long one */}>
        {profile.avatar ? <img className="account__avatar" src={profile.avatar} alt="" /> : null}
        <span className="account__name-text">{profile.name}</span>
        <svg className="account-menu__caret" viewBox="0 0 12 12" width="12" height="12" aria-hidden="true">
          <path d="M2 4l4 4 4-4" fill="none" stroke="currentColor" strokeWidth="1.6" strokeLinecap="round" strokeLinejoin="round" />
        </svg>
      </button>
      {/* A link followed closes it: My favorites and My collections lead to the search screen, which may be this page. */}
      <div id={panelId} className="account-menu__panel" onClick={closeAfterLink(close)}>
        <Link className="button button--secondary button--small account-menu__item account-menu__profile" to={profile.link} title="Your profile">
          Your profile
        </Link>
        {children}
      </div>
    </div>
  );
}

/**
 * A menu panel's click handler that closes it when the click followed a link. Its open state is kept per page
 * (a new page closes it), but a link to another address of the same page, a search, leaves the page the same.
 */
const closeAfterLink = (close: () => void) => (event: MouseEvent<HTMLElement>) => {
  if ((event.target as Element).closest("a[href]")) close();
};

/** The bell: the Notifications page, with how many are unread (read again every minute). */
function NotificationsLink({ unread }: { unread: number }) {
  const label = unread ? `Notifications (${unread} unread)` : "Notifications";
  return (
    <NavLink className="button button--secondary button--small notifications-link" to={PATHS.notifications} aria-label={label} title={label}>
      <Icon name="bell" size={18} />
      <span className="account__phone-only">Notifications</span>
      <UnreadCount unread={unread} />
    </NavLink>
  );
}

/** The red count beside the bell (and, on phones, on the Menu button that folds it away); the control's name says it. */
function UnreadCount({ unread }: { unread: number }) {
  if (unread <= 0) return null;
  return (
    <span className="notifications-link__count" aria-hidden="true">
      {unread > 99 ? "99+" : unread}
    </span>
  );
}

/**
 * A signed-in profile's actions. On wide screens they sit in the header's row; on phones (see layout.css) they
 * fold behind a Menu button (a disclosure: aria-expanded, Escape closes it and gives focus back to the button), so
 * the header, and its sticky copy, stay one row tall instead of three. A new page closes it.
 */
function AccountActions({ unread, children }: { unread: number; children: ReactNode }) {
  // The page it was opened on: open only there, so moving to another page closes it.
  const [openOn, setOpenOn] = useState<string | null>(null);
  const { pathname } = useLocation();
  const open = openOn === pathname;
  const setOpen = (value: boolean) => setOpenOn(value ? pathname : null);
  const panelId = useId();
  const toggleRef = useRef<HTMLButtonElement>(null);

  const closeOnEscape = (event: KeyboardEvent<HTMLDivElement>) => {
    // Only from the header itself: a dialog opened from the menu is portaled elsewhere and handles its own Escape.
    if (event.key !== "Escape" || !open || !event.currentTarget.contains(event.target as Node)) return;
    setOpen(false);
    toggleRef.current?.focus();
  };

  return (
    <div className="account" data-open={open || undefined} onKeyDown={closeOnEscape}>
      <button ref={toggleRef} type="button" className="button button--secondary button--small account__toggle" aria-expanded={open} aria-controls={panelId} onClick={() => setOpen(!open)}>
        <svg className="account__toggle-icon" viewBox="0 0 20 20" width="18" height="18" aria-hidden="true">
          <path d="M3 5h14M3 10h14M3 15h14" stroke="currentColor" strokeWidth="2" strokeLinecap="round" />
        </svg>
        Menu
        {!open && <UnreadCount unread={unread} />}
        {!open && unread > 0 && <span className="visually-hidden"> ({unread === 1 ? "1 unread notification" : `${unread} unread notifications`})</span>}
      </button>
      <div id={panelId} className="account__actions" onClick={closeAfterLink(() => setOpen(false))}>
        {children}
      </div>
    </div>
  );
}
