import { useState, type MouseEvent } from "react";
import { Outlet, useMatch, useNavigation } from "react-router";
import { DEFAULT_SITE_NAME, FOOTER_CAROUSEL } from "../../contract/index.js";
import { useAppConfig, useCurrentProfile, useInitializeData } from "../api/queries.js";
import { AnnouncementBanners } from "../components/AnnouncementBanners.js";
import { FooterCarousel } from "../components/carousel/FooterCarousel.js";
import { ContactDialog } from "../components/ContactDialog.js";
import { GuestModalProvider } from "../components/GuestModal.js";
import { InterceptorsDialog } from "../components/InterceptorsDialog.js";
import { ResourceFileDrop } from "../components/ResourceFileDrop.js";
import { SiteHeader } from "../components/SiteHeader.js";
import { Toaster } from "../components/Toaster.js";
import { BulkImportDialog } from "../scenes/bulkImport/BulkImportDialog.js";
import { SkipToResultsLink } from "../scenes/search/SkipToResultsLink.js";
import { useFocusHeadingOnNavigate } from "../hooks/useFocusHeadingOnNavigate.js";
import { PATHS } from "./paths.js";

/** The frame around every page: skip links, header (and a bar along the window's top while the next page's code loads), the system announcement banners, main landmark, footer (the featured collection's carousel, the contact form), the toast region and a signed-in profile's Interceptors dialog. */
export function RootLayout() {
  // Load the session early: it carries the CSRF token every write needs.
  useInitializeData();
  const { data: config } = useAppConfig();
  const profile = useCurrentProfile();
  useFocusHeadingOnNavigate();
  // A page whose code is not loaded yet is fetched before the address changes: till then the current page stays, marked busy.
  const changingPage = useNavigation().state === "loading";
  const onSearchScreen = useMatch(PATHS.search) !== null;
  const [contacting, setContacting] = useState(false);

  const handleSkip = (event: MouseEvent<HTMLAnchorElement>) => {
    // Move focus without adding "#main" to the URL (the router owns the URL).
    event.preventDefault();
    document.getElementById("main")?.focus();
  };

  return (
    <GuestModalProvider>
      <a className="skip-link" href="#main" onClick={handleSkip}>
        Skip to main content
      </a>
      {onSearchScreen && <SkipToResultsLink />}
      <SiteHeader bulkImport={<BulkImportDialog />} />
      <AnnouncementBanners />
      {changingPage && <div className="page-pending" data-testid="page-pending" aria-hidden="true" />}
      <main id="main" className="page" tabIndex={-1} aria-busy={changingPage || undefined}>
        <Outlet />
      </main>
      <footer className="site-footer">
        <FooterCarousel sourceUrl={FOOTER_CAROUSEL.featuredSource} />
        <p>
          © {new Date().getFullYear()} {config?.siteName ?? DEFAULT_SITE_NAME} ·{" "}
          <button type="button" className="link-button" onClick={() => setContacting(true)}>
            Contact us
          </button>
        </p>
        {contacting && <ContactDialog onClose={() => setContacting(false)} />}
      </footer>
      <Toaster />
      <ResourceFileDrop />
      {/* Anew for each profile: one who signs out and another in goes through their own notices. */}
      {profile && <InterceptorsDialog key={profile.id} />}
    </GuestModalProvider>
  );
}
