import { useId, useState, type ChangeEvent, type FormEvent } from "react";
import { MESSAGES, SEARCH_MAX_TERM, SEARCH_MIN_TERM } from "../../../contract/index.js";
import { Icon } from "../../components/Icon.js";

interface SearchBoxProps {
  /** The term in force (from the URL); the box shows it again whenever it changes. */
  term: string;
  onSearch(term: string): void;
}

/** The search form: runs for an empty term or one of at least 3 characters, lowercased. */
export function SearchBox({ term, onSearch }: SearchBoxProps) {
  const [draft, setDraft] = useState(term);
  const [shownTerm, setShownTerm] = useState(term);
  if (shownTerm !== term) {
    setShownTerm(term);
    setDraft(term);
  }
  const [tooShort, setTooShort] = useState(false);
  const inputId = useId();
  const hintId = useId();

  const isShort = (value: string) => {
    const length = value.trim().length;
    return length > 0 && length < SEARCH_MIN_TERM;
  };

  const handleChange = (event: ChangeEvent<HTMLInputElement>) => {
    setDraft(event.target.value);
    if (tooShort && !isShort(event.target.value)) setTooShort(false);
  };

  const handleSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const term = draft.trim().toLowerCase();
    if (isShort(term)) {
      console.warn(`Search term "${term}" is shorter than ${SEARCH_MIN_TERM} characters; not searching.`);
      setTooShort(true);
      return;
    }
    setTooShort(false);
    onSearch(term);
  };

  return (
    <form className="search-box" role="search" aria-label="Content" onSubmit={handleSubmit}>
      <label htmlFor={inputId} className="visually-hidden">
        Search terms
      </label>
      <div className="search-box__field">
        <span className="search-box__icon">
          <Icon name="search" />
        </span>
        <input
          id={inputId}
          className="search-box__input"
          type="search"
          name="st"
          value={draft}
          onChange={handleChange}
          placeholder="Search for anything"
          maxLength={SEARCH_MAX_TERM}
          autoComplete="off"
          enterKeyHint="search"
          aria-describedby={hintId}
          aria-invalid={tooShort || undefined}
        />
        <button type="submit" className="button button--primary search-box__submit">
          Search
        </button>
      </div>
      <p id={hintId} className="search-box__hint" aria-live="polite">
        {tooShort ? MESSAGES.minChars(SEARCH_MIN_TERM) : ""}
      </p>
    </form>
  );
}
