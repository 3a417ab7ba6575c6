import { Link, useNavigate, useSearchParams } from "react-router";
import type { SignInResponse } from "../../../contract/index.js";
import { useCurrentProfile, useProviders } from "../../api/queries.js";
import { LoginForm } from "../../components/LoginForm.js";
import { PageTitle } from "../../components/PageTitle.js";
import { PATHS, inAppPath, safeRedirect } from "../../routes/paths.js";

/** The sign-in page; afterwards it goes to the answer's redirectTo, else ?redirect, else the search screen. */
export function LoginScene() {
  const [params] = useSearchParams();
  const navigate = useNavigate();
  const profile = useCurrentProfile();
  const providers = useProviders();
  const redirect = safeRedirect(params.get("redirect")) ?? PATHS.search;
  const ssoError = params.get("sso_error");

  const handleSuccess = (response: SignInResponse) => {
    if (response.redirectTo) {
      const path = inAppPath(response.redirectTo);
      if (path) navigate(path, { replace: true });
      else window.location.assign(response.redirectTo);
      return;
    }
    navigate(redirect, { replace: true });
  };

  const ssoProviders = providers.data?.providers ?? [];

  return (
    <div className="auth-page">
      <PageTitle title="Sign in" />
      <div className="card auth-card">
        <h1 className="page-title">Sign in</h1>
        {profile ? (
          <p>
            You are signed in as <strong>{profile.name}</strong>. <Link to={redirect}>Continue</Link>
          </p>
        ) : (
          <>
            <LoginForm onSuccess={handleSuccess} initialError={ssoError} returnTo={redirect} />
            {ssoProviders.length > 0 && (
              <div className="sso">
                <h2 className="sso__title">Or sign in with</h2>
                <ul className="sso__list">
                  {ssoProviders.map((provider) => (
                    <li key={provider.key}>
                      <a className={`button button--secondary sso__button${provider.image ? " sso__button--image" : ""}`} href={`${provider.url}?redirect=${encodeURIComponent(redirect)}`}>
                        {provider.image ? <img src={provider.image} alt={`${provider.label} Sign In`} height={24} /> : `${provider.label} Sign In`}
                      </a>
                    </li>
                  ))}
                </ul>
              </div>
            )}
            <p className="auth-card__footer">
              New here? <Link to={`${PATHS.register}?redirect=${encodeURIComponent(redirect)}`}>Create an account</Link>
            </p>
          </>
        )}
      </div>
    </div>
  );
}
