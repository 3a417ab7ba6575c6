import { OWNER_AUTOCOMPLETE_MIN, type SearchScreenState } from "../../../contract/index.js";
import { useOwnerCandidates } from "../../api/contentActions.js";
import { ProfileLookupField, type ProfileCandidates } from "./ProfileLookupField.js";
import { withChanges, type AdminSearchAbilities } from "./searchState.js";

interface AdminOptionsProps {
  state: SearchScreenState;
  abilities: AdminSearchAbilities;
  /** The name of the profile searched as, when known (the URL carries only its id). */
  asProfileName: string | undefined;
  onChange(next: SearchScreenState): void;
  /** A profile was chosen to search as: its name is remembered for the tag. */
  onSearchAs(profileId: number, name: string): void;
}

/** The filter panel's admin options (spec section 6): ignore permissions, and search as another user. Shown only to profiles that may use them. */
export function AdminOptions({ state, abilities, asProfileName, onChange, onSearchAs }: AdminOptionsProps) {
  if (!abilities.ignorePermissions && !abilities.searchAsProfile) return null;
  return (
    <fieldset className="facet admin-options">
      <legend className="facet__legend">Admin options</legend>
      <div className="admin-options__body">
        {abilities.ignorePermissions && (
          <label className="check">
            <input type="checkbox" checked={state.ignorePermissions} onChange={(event) => onChange(withChanges(state, { ignorePermissions: event.target.checked }))} />
            <span className="check__label">Ignore permissions</span>
          </label>
        )}
        {abilities.searchAsProfile && <SearchAsField current={state.asProfile} currentName={asProfileName} onPick={onSearchAs} />}
      </div>
    </fieldset>
  );
}

/** Users whose name or username holds the term (groups cannot be searched as). */
function useUserCandidates(term: string): ProfileCandidates {
  const candidates = useOwnerCandidates(term);
  return { profiles: candidates.data?.data.filter((p) => !p.is_group), isPending: candidates.isPending };
}

/** "Search as": a user picked by part of their name, from 3 characters. */
function SearchAsField({ current, currentName, onPick }: { current: number | null; currentName: string | undefined; onPick(profileId: number, name: string): void }) {
  return (
    <ProfileLookupField
      label="Search as"
      hint={current !== null ? `Searching as ${currentName ?? `profile #${current}`}.` : "Type part of a user's name to see the catalogue as they do."}
      listLabel="Matching users"
      minChars={OWNER_AUTOCOMPLETE_MIN}
      useCandidates={useUserCandidates}
      isChosen={(profileId) => profileId === current}
      onPick={onPick}
    />
  );
}
