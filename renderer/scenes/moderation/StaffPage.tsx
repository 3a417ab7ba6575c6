import type { UseQueryResult } from "@tanstack/react-query";
import type { ReactNode } from "react";
import { Link, NavLink, useLocation } from "react-router";
import { messageOf } from "../../api/ApiError.js";
import { useCurrentProfile } from "../../api/queries.js";
import { Alert } from "../../components/Alert.js";
import { PageTitle } from "../../components/PageTitle.js";
import { PATHS, signInPath } from "../../routes/paths.js";

/** What the staff's pages need of the permissions map. */
export type StaffPermission = "review_reports" | "read_contact_messages" | "manage_interceptors" | "manage_announcements" | "manage_news" | "manage_products";

/** Whether only administrators hold the permission (the others are moderators' too): what a refusal names. */
const ADMINISTRATORS_ONLY: Record<StaffPermission, boolean> = { review_reports: false, read_contact_messages: false, manage_interceptors: true, manage_announcements: true, manage_news: true, manage_products: true };

/** The staff's pages, in the navigation's order, with the permission each needs. */
const STAFF_PAGES: readonly { label: string; path: string; permission: StaffPermission }[] = [
  { label: "Reports", path: PATHS.reports, permission: "review_reports" },
  { label: "Contact messages", path: PATHS.contactMessages, permission: "read_contact_messages" },
  { label: "Interceptors", path: PATHS.interceptors, permission: "manage_interceptors" },
  { label: "Announcements", path: PATHS.announcements, permission: "manage_announcements" },
  { label: "News", path: PATHS.news, permission: "manage_news" },
  { label: "Products", path: PATHS.products, permission: "manage_products" },
  { label: "Orders", path: PATHS.allOrders, permission: "manage_products" },
];

/**
 * The frame of the staff's pages (Reports, Contact messages, and Interceptors, Announcements, News, Products and Orders for administrators): title, the pages' own navigation, and the gate: a guest
 * is offered sign-in, a profile without `permission` is told the page is not theirs, and `children` only renders
 * (and so only loads) for those who may see it.
 */
export function StaffPage({ title, intro, permission, children }: { title: string; intro: string; permission: StaffPermission; children: ReactNode }) {
  const profile = useCurrentProfile();
  const location = useLocation();
  const may = (p: StaffPermission) => Boolean(profile?.permissions[p]);

  let body: ReactNode;
  if (profile === undefined) body = <p role="status">Loading…</p>;
  else if (profile === null)
    body = (
      <p>
        <Link to={signInPath(location.pathname + location.search)}>Sign in</Link> as {ADMINISTRATORS_ONLY[permission] ? "an administrator" : "a moderator or administrator"} to see this page.
      </p>
    );
  else if (!may(permission)) body = <p>Only {ADMINISTRATORS_ONLY[permission] ? "administrators" : "moderators and administrators"} may see this page.</p>;
  else body = children;

  return (
    <div className="staff-page">
      <PageTitle title={title} />
      <h1 className="page-title">{title}</h1>
      {STAFF_PAGES.some((page) => may(page.permission)) && (
        <nav className="staff-page__nav" aria-label="Moderation">
          {STAFF_PAGES.filter((page) => may(page.permission)).map((page) => (
            <NavLink key={page.path} className="staff-page__link" to={page.path}>
              {page.label}
            </NavLink>
          ))}
        </nav>
      )}
      <p className="staff-page__intro">{intro}</p>
      {body}
    </div>
  );
}

/**
 * A staff page's list as its query stands: "Loading {noun}…", the load failure (the server's message, else "The
 * {noun} could not be loaded."), `empty` when there are no rows (a text is shown as the page's empty note), else
 * `children` drawn from the answer.
 */
export function StaffList<D extends { data: readonly unknown[] }>({ query, noun, empty, children }: { query: UseQueryResult<D>; noun: string; empty: ReactNode; children(data: D): ReactNode }) {
  if (query.isPending) return <p role="status">{`Loading ${noun}…`}</p>;
  if (query.isError) return <Alert tone="danger">{messageOf(query.error, `The ${noun} could not be loaded.`)}</Alert>;
  if (!query.data.data.length) return typeof empty === "string" ? <p className="staff-page__empty">{empty}</p> : <>{empty}</>;
  return <>{children(query.data)}</>;
}
