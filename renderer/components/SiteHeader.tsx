import { useRef } from "react";
import { Link, NavLink, useLocation } from "react-router";
import { useAppConfig, useCurrentProfile, useSignOutMutation } from "../api/queries.js";
import { useScrolledOutOfView } from "../hooks/useScrolledOutOfView.js";
import { PATHS, signInPath } from "../routes/paths.js";
import { AddResourceButton } from "./AddResourceDialog.js";
import { BulkImportDialog } from "../scenes/bulkImport/BulkImportDialog.js";
import { CreateDialog } from "./CreateDialog.js";

/** The site header; once it scrolls out of view, a compact copy sticks to the top of the window. */
export function SiteHeader() {
  const barRef = useRef<HTMLDivElement>(null);
  const stuck = useScrolledOutOfView(barRef);
  return (
    <header className="site-header">
      <div ref={barRef} className="site-header__bar">
        <HeaderContent />
      </div>
      {stuck && (
        <div className="site-header__sticky" data-testid="sticky-header">
          <HeaderContent compact />
        </div>
      )}
    </header>
  );
}

function HeaderContent({ compact = false }: { compact?: boolean }) {
  const { data: config } = useAppConfig();
  const siteName = config?.siteName ?? "Curriculum";
  return (
    <div className={`site-header__inner${compact ? " site-header__inner--compact" : ""}`}>
      <Link className="brand" to={PATHS.search}>
        <span className="brand__mark" aria-hidden="true">
          {siteName.charAt(0)}
        </span>
        <span className="brand__name">{siteName}</span>
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
      <AccountArea />
    </div>
  );
}

function NavLinks() {
  return (
    <NavLink className="site-nav__link" to={PATHS.search}>
      Search
    </NavLink>
  );
}

/** Guests get a Sign in link; signed-in people see Add Resource, Bulk Import (when they may import), Create, their name and Sign out. */
function AccountArea() {
  const profile = useCurrentProfile();
  const signOut = useSignOutMutation();
  const location = useLocation();

  if (profile === undefined) return <div className="account" />;
  if (profile === null) {
    if (location.pathname === PATHS.login) return <div className="account" />;
    return (
      <div className="account">
        <Link className="button button--primary button--small" to={signInPath(location.pathname + location.search)}>
          Sign in
        </Link>
      </div>
    );
  }
  return (
    <div className="account">
      <AddResourceButton />
      {profile.permissions.bulk_importer && <BulkImportDialog />}
      <CreateDialog />
      <span className="account__name">
        {profile.avatar ? <img className="account__avatar" src={profile.avatar} alt="" /> : null}
        {profile.name}
      </span>
      <button type="button" className="button button--secondary button--small" disabled={signOut.isPending} onClick={() => signOut.mutate()}>
        Sign out
      </button>
    </div>
  );
}
