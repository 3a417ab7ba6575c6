import { Link } from "react-router";
import { PageTitle } from "../components/PageTitle.js";
import { PATHS } from "../routes/paths.js";

/** Any path the app does not know. */
export function NotFoundScene() {
  return (
    <div className="message-page">
      <PageTitle title="Page not found" />
      <h1 className="page-title">Page not found</h1>
      <p>The page you asked for does not exist or has moved.</p>
      <p>
        <Link className="button button--primary" to={PATHS.search}>
          Go to search
        </Link>
      </p>
    </div>
  );
}
