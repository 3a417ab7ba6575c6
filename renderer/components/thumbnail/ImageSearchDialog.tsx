import { useEffect, useId, useRef, useState, type FormEvent } from "react";
import { IMAGE_SEARCH_MESSAGES, IMAGE_SEARCH_PAGE_MAX, IMAGE_SEARCH_PER_PAGE, IMAGE_SEARCH_TERM_MAX, MESSAGES, UNSPLASH_HOME, unsplashReferral, type ImageSearchPhoto } from "../../../contract/index.js";
import { messageOf } from "../../api/ApiError.js";
import { useImageSearch } from "../../api/imageSearch.js";
import { Alert } from "../Alert.js";
import { CloseActions, ModalFrame } from "../ModalFrame.js";
import { Pager } from "../Pager.js";

/**
 * Fetches a chosen photo's bytes (Unsplash's image host answers CORS), so the cropper can draw them without tainting its
 * canvas: the regular size (about 1080 px wide), since the grid's small one (about 400 px) would be scaled up to the
 * 512 px a thumbnail is saved at.
 */
async function fetchPhoto(photo: ImageSearchPhoto, signal: AbortSignal): Promise<Blob> {
  const res = await fetch(photo.urls.regular, { mode: "cors", credentials: "omit", signal });
  const blob = res.ok ? await res.blob() : null;
  if (!blob?.type.startsWith("image/")) throw new Error(IMAGE_SEARCH_MESSAGES.photoLoadFailed);
  return blob;
}

/**
 * The image search dialog (second document): search Unsplash's photos (12 a page, Previous / Next), each shown with
 * "Photo by {name} on Unsplash" linking to the photographer and to Unsplash, as Unsplash's guidelines ask; choosing one
 * hands its bytes and the photo to `onChoose` (the thumbnail designer's cropper) and closes. The server's message is shown when the
 * search fails (not set up, Unsplash unavailable).
 */
export function ImageSearchDialog({ onChoose, onClose }: { onChoose(image: Blob, photo: ImageSearchPhoto): void; onClose(): void }) {
  const id = useId();
  const [draft, setDraft] = useState("");
  const [term, setTerm] = useState("");
  const [page, setPage] = useState(1);
  const [choosing, setChoosing] = useState<string | null>(null);
  const [chooseError, setChooseError] = useState<string | null>(null);
  const search = useImageSearch(term, page);
  // A photo still loading when the dialog closes (Close, Escape) is not put into the cropper after all.
  const loading = useRef<AbortController | null>(null);
  useEffect(() => () => loading.current?.abort(), []);
  const answer = search.data;

  const handleSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    setTerm(draft.trim());
    setPage(1);
    setChooseError(null);
  };

  const handleChoose = async (photo: ImageSearchPhoto) => {
    setChoosing(photo.id);
    setChooseError(null);
    loading.current = new AbortController();
    try {
      const image = await fetchPhoto(photo, loading.current.signal);
      if (loading.current.signal.aborted) return;
      onChoose(image, photo);
      onClose();
    } catch {
      if (loading.current.signal.aborted) return;
      setChooseError(IMAGE_SEARCH_MESSAGES.photoLoadFailed);
      setChoosing(null);
    }
  };

  const failure = search.isError ? messageOf(search.error, MESSAGES.genericLoad) : null;
  const total = answer ? Math.min(answer.total, IMAGE_SEARCH_PAGE_MAX * IMAGE_SEARCH_PER_PAGE) : 0;

  return (
    <ModalFrame id="image-search-modal" className="dialog dialog--image-search" title="Search images" description="Photos from Unsplash. Choose one to crop it for the thumbnail." onClose={onClose}>
      <form className="image-search__form" role="search" aria-label="Unsplash photos" onSubmit={handleSubmit} noValidate>
        <label className="visually-hidden" htmlFor={`${id}-term`}>
          Search photos
        </label>
        <input id={`${id}-term`} className="input" type="search" value={draft} maxLength={IMAGE_SEARCH_TERM_MAX} placeholder="e.g. forest, microscope, city" onChange={(e) => setDraft(e.target.value)} />
        <button type="submit" className="button button--primary" disabled={!draft.trim()}>
          Search
        </button>
      </form>
      <p className="image-search__status" role="status">
        {!term ? "" : search.isFetching ? "Searching…" : answer && !search.isError ? (answer.total === 0 ? `No photos found for “${term}”.` : `${answer.total.toLocaleString("en-US")} photos found`) : ""}
      </p>
      {failure && <Alert tone="danger">{failure}</Alert>}
      {chooseError && <Alert tone="danger">{chooseError}</Alert>}
      {answer && !search.isError && answer.data.length > 0 && (
        <ul className="image-search__grid" aria-label="Photos" aria-busy={search.isFetching}>
          {answer.data.map((photo) => (
            <li key={photo.id} className="image-search__photo">
              <button type="button" className="image-search__pick" onClick={() => void handleChoose(photo)} disabled={choosing !== null} aria-label={`Use the photo by ${photo.user.name}`}>
                <img src={photo.urls.small} alt={`Photo by ${photo.user.name}`} loading="lazy" />
                {choosing === photo.id && <span className="image-search__loading">Loading…</span>}
              </button>
              <p className="image-search__credit">
                Photo by{" "}
                <a href={unsplashReferral(photo.user.links.html)} target="_blank" rel="noopener noreferrer">
                  {photo.user.name}
                </a>{" "}
                on{" "}
                <a href={unsplashReferral(UNSPLASH_HOME)} target="_blank" rel="noopener noreferrer">
                  Unsplash
                </a>
              </p>
            </li>
          ))}
        </ul>
      )}
      {answer && !search.isError && <Pager label="Photo pages" page={page} total={total} per={IMAGE_SEARCH_PER_PAGE} onPage={setPage} />}
      <CloseActions />
    </ModalFrame>
  );
}
