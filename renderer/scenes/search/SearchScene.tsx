import { useEffect, useId, useMemo, useRef, useState } from "react";
import { flushSync } from "react-dom";
import { Link, useLocation, useNavigate, useSearchParams } from "react-router";
import { MESSAGES, SEARCH_MAX_PAGE, screenStateFromUrl, type SearchScreenState } from "../../../contract/index.js";
import { useAppConfig, useCurrentProfile, useInitializeData, useRememberSearchAsName, useSearch, useSearchAsName } from "../../api/queries.js";
import { NewsCarousel } from "../../components/carousel/NewsCarousel.js";
import { Icon } from "../../components/Icon.js";
import { PageTitle } from "../../components/PageTitle.js";
import { useStoredPreference } from "../../hooks/useStoredPreference.js";
import { AdminOptions } from "./AdminOptions.js";
import { FacetFilters } from "./FacetFilters.js";
import { FilterTags } from "./FilterTags.js";
import { Pagination } from "./Pagination.js";
import { ResultList } from "./ResultList.js";
import { SearchBox } from "./SearchBox.js";
import { SearchFailure } from "./SearchFailure.js";
import {
  adminSearchAbilities,
  filterTags,
  hasAdminOptions,
  hasFilters,
  nextTypeSelection,
  searchHref,
  supportedFacetKeys,
  supportedFilterKeys,
  visibleSearchTypes,
  withChanges,
  withoutFilters,
  withoutRefusedFilters,
  usableState,
  withPermittedAdminOptions,
  withTypes,
} from "./searchState.js";
import { RESULTS_HEADING_ID } from "./SkipToResultsLink.js";
import { RESULT_LAYOUTS, SearchToolbar } from "./SearchToolbar.js";
import { TypeTabs } from "./TypeTabs.js";

/** The history state of an entry a sort change made: the next sort change replaces it rather than adding one. */
const SORTED = { sorted: true } as const;
const isSorted = (state: unknown): boolean => typeof state === "object" && state !== null && (state as { sorted?: unknown }).sorted === true;

/** The search screen; its whole state lives in the URL, so back/forward and bookmarks work. */
export function SearchScene() {
  const [params] = useSearchParams();
  const navigate = useNavigate();
  const location = useLocation();
  const profile = useCurrentProfile();
  const appConfig = useAppConfig();
  const initializeData = useInitializeData();
  const abilities = useMemo(() => (profile === undefined ? undefined : adminSearchAbilities(profile)), [profile]);
  const urlState = useMemo(() => screenStateFromUrl(params), [params]);
  // A URL (a bookmark, an edited link) may carry what this asker cannot search: types they may not choose, filters the
  // types do not support, a guest's "mine", a date that is no day, admin options they may not use (the server would
  // refuse them). Those go, as the screen's own controls leave them.
  const askerKnown = profile !== undefined;
  const isAdmin = profile?.permissions.is_admin === true;
  const signedIn = profile != null;
  const typesKnown = appConfig.data?.searchTypes;
  const state = useMemo(() => {
    if (!abilities) return urlState;
    // Admin options are checked as soon as the asker is known, even if the types never load.
    const permitted = withPermittedAdminOptions(urlState, abilities);
    return typesKnown ? usableState(permitted, typesKnown, { isAdmin, signedIn }) : permitted;
  }, [urlState, typesKnown, abilities, isAdmin, signedIn]);
  // Until the types and the asker are known, a URL with types, filters or admin options is not searched as it stands.
  const known = (typesKnown !== undefined && askerKnown) || appConfig.isError || initializeData.isError;
  const search = useSearch(state, { enabled: known || (!hasFilters(urlState) && urlState.types.length === 0 && !hasAdminOptions(urlState)) });
  const rememberedAsProfileName = useSearchAsName(state.asProfile);
  const rememberSearchAsName = useRememberSearchAsName();
  const [layout, setLayout] = useStoredPreference("search.layout", RESULT_LAYOUTS, "list");
  const [filtersOpen, setFiltersOpen] = useState(false);
  const resultsHeadingRef = useRef<HTMLHeadingElement>(null);
  const filtersToggleRef = useRef<HTMLButtonElement>(null);
  const filtersId = useId();

  const allFacets = appConfig.data?.facets ?? [];
  const configs = typesKnown ?? [];
  const tabs = visibleSearchTypes(configs, isAdmin);
  const supported = supportedFacetKeys(configs, state.types);
  const attributeFacets = allFacets.filter((f) => supported.has(f.key));
  const filters = supportedFilterKeys(configs, state.types);
  const data = search.data;
  // The name picked in this session, else the one the answer gives (a bookmark, a reload): not "profile #7".
  const answeredAsProfile = data?.asProfile?.profile_id === state.asProfile ? data?.asProfile?.name : undefined;
  const asProfileName = rememberedAsProfileName ?? answeredAsProfile;
  const tags = filterTags(state, data?.facets, allFacets, asProfileName === undefined || state.asProfile === null ? undefined : new Map([[state.asProfile, asProfileName]]));

  useEffect(() => {
    // The URL says what is shown, without a history entry for the filters that went.
    if (state !== urlState) void navigate({ search: searchHref(state) }, { replace: true });
  }, [state, urlState, navigate]);

  const go = (next: SearchScreenState, { replace = false, sorted = false } = {}) => {
    const href = searchHref(next);
    if (href !== searchHref(state)) void navigate({ search: href }, { replace, state: sorted ? SORTED : null });
  };

  const handleSearch = (st: string) => go(withChanges(state, { st }));
  const handleTypeSelect = (type: string, additive: boolean) => go(withTypes(state, nextTypeSelection(state.types, type, additive), configs));
  // Changes of the sort one after another are one step back: the arrow keys change a closed dropdown's choice, and
  // each would otherwise leave an entry in the history for Back to walk through.
  const handleSortChange = (s: string) => go(withChanges(state, { s }), { replace: isSorted(location.state), sorted: true });
  const handleClearAll = () => go(withoutFilters(state));
  const handleSearchAs = (profileId: number, name: string) => {
    rememberSearchAsName(profileId, name);
    go(withChanges(state, { asProfile: profileId }));
  };
  const focusResultsHeading = () => resultsHeadingRef.current?.focus();
  // The panel folds first, so focus (and the scroll it brings) lands on the results where they then are.
  const handleShowResults = () => {
    flushSync(() => setFiltersOpen(false));
    focusResultsHeading();
  };
  const handleRetry = () => {
    focusResultsHeading();
    void search.refetch();
  };
  // A refused bookmark is replaced, so Back does not lead to it again.
  const recovered = withoutRefusedFilters(state, tabs);
  const handleClearRefused =
    searchHref(recovered) !== searchHref(state)
      ? () => {
          focusResultsHeading();
          go(recovered, { replace: true });
        }
      : undefined;

  // The server answers no page past SEARCH_MAX_PAGE, so paging offers none.
  const totalPages = data ? Math.min(Math.ceil(data.total / Math.max(1, data.per)), SEARCH_MAX_PAGE) : 0;
  const busy = search.isFetching;

  return (
    <div className="search-page">
      <PageTitle title={state.st ? `Search: ${state.st}` : "Search"} />
      <div className="search-page__head">
        <h1 className="page-title">Search</h1>
        <SearchBox term={state.st} onSearch={handleSearch} />
        {tabs.length > 0 && <TypeTabs types={tabs} state={state} counts={data?.facets?.types} onSelect={handleTypeSelect} />}
      </div>

      {/* The news meets the reader where they arrive: the search screen before they search. */}
      {!searching(state) && <NewsCarousel />}

      <div className="search-page__body">
        <section className={`search-filters${filtersOpen ? " search-filters--open" : ""}`} aria-labelledby={`${filtersId}-heading`}>
          <div className="search-filters__head">
            <h2 id={`${filtersId}-heading`} className="section-title">
              Filters
            </h2>
            {/* Phones only: the filters fold away, and the button says how many are on even while they are folded. */}
            <button
              ref={filtersToggleRef}
              type="button"
              className="button button--secondary search-filters__toggle"
              aria-expanded={filtersOpen}
              aria-controls={filtersId}
              onClick={() => setFiltersOpen(!filtersOpen)}
            >
              {tags.length ? `Filters (${tags.length})` : "Filters"}
              <Icon name="chevronRight" size={16} />
            </button>
          </div>
          <div id={filtersId} className="search-filters__body">
            {abilities && <AdminOptions state={state} abilities={abilities} asProfileName={asProfileName} onChange={go} onSearchAs={handleSearchAs} />}
            <FacetFilters state={state} facets={data?.facets} attributeFacets={attributeFacets} filters={filters} signedIn={Boolean(profile)} onChange={go} />
          </div>
          {/* Phones only, while the filters are open: they push the results a long way down, so what a choice did (the
              count, the filters on) stays in sight at the bottom of the screen, with the way to the results. */}
          {filtersOpen && (
            <div className="search-filters__summary">
              <p className="search-filters__count">{search.isPlaceholderData ? "Searching…" : data ? shortCountText(data.total) : ""}</p>
              <FilterTags tags={tags} onChange={go} onClearAll={handleClearAll} focusFallback={() => filtersToggleRef.current?.focus()} />
              <button type="button" className="button button--primary button--small search-filters__done" onClick={handleShowResults}>
                Show results
              </button>
            </div>
          )}
        </section>

        <section className="results" aria-labelledby={RESULTS_HEADING_ID}>
          <div className="results__head">
            <h2 id={RESULTS_HEADING_ID} ref={resultsHeadingRef} tabIndex={-1} className="section-title">
              Results
            </h2>
            <SearchToolbar sort={state.s} hasTerm={state.st !== ""} layout={layout} onSortChange={handleSortChange} onLayoutChange={setLayout} />
          </div>

          <p className="results__count" role="status">
            {search.isPlaceholderData ? (
              "Searching…"
            ) : data && data.total > 0 ? (
              resultCountText(data.total, data.page, data.per, data.st)
            ) : data ? (
              // No results: the empty state below says so to the eye; the status line says it to a screen reader, which
              // would otherwise hear nothing after the search ("Did you mean", when offered, is the next thing read).
              <span className="visually-hidden">{noResultsText(data.st)}</span>
            ) : (
              ""
            )}
          </p>

          {data?.didYouMean && (
            <p className="did-you-mean">
              Did you mean{" "}
              <Link to={{ search: searchHref(withChanges(state, { st: data.didYouMean })) }}>{data.didYouMean}</Link>?
            </p>
          )}

          <FilterTags tags={tags} onChange={go} onClearAll={handleClearAll} focusFallback={focusResultsHeading} />

          {search.isError && <SearchFailure error={search.error} onClearFilters={handleClearRefused} onRetry={handleRetry} />}

          {!data && search.isPending && <p className="results__loading">Loading results…</p>}

          {data && data.total === 0 && (
            <div className="empty-state">
              <p className="empty-state__title">{MESSAGES.noResults}</p>
              <p>Try other words, another type, or fewer filters.</p>
            </div>
          )}

          {data && data.total > 0 && data.data.length === 0 && (
            <div className="empty-state">
              <p className="empty-state__title">This page is past the end of the results.</p>
              <Link to={{ search: searchHref({ ...state, page: 1 }) }}>Go to the first page</Link>
            </div>
          )}

          {data && data.data.length > 0 && <ResultList items={data.data} layout={layout} busy={busy} />}

          {data && <Pagination state={state} totalPages={totalPages} onNavigate={focusResultsHeading} />}
        </section>
      </div>
    </div>
  );
}

/** Whether the screen shows a search of the reader's (a term, types, filters, a later page) rather than the opening list. */
function searching(state: SearchScreenState): boolean {
  return state.st !== "" || state.types.length > 0 || state.page > 1 || hasFilters(state) || hasAdminOptions(state);
}

/** "42 results": the open filters' summary on phones, where the line must stay short. */
function shortCountText(total: number): string {
  return `${total.toLocaleString()} ${total === 1 ? "result" : "results"}`;
}

/** What the status line announces for a search without results: "0 results for “mathh”.". */
function noResultsText(term: string): string {
  return `0 results${term ? ` for “${term}”` : ""}.`;
}

/** "Showing 16–30 of 42 results for “math”". */
function resultCountText(total: number, page: number, per: number, term: string): string {
  const first = (page - 1) * per + 1;
  const last = Math.min(page * per, total);
  const range = first > total ? "" : `Showing ${first.toLocaleString()}–${last.toLocaleString()} of `;
  const noun = total === 1 ? "result" : "results";
  return `${range}${total.toLocaleString()} ${noun}${term ? ` for “${term}”` : ""}`;
}
