import { Navigate, createBrowserRouter, createHashRouter, type RouteObject } from "react-router";
import { LoginScene } from "../scenes/auth/LoginScene.js";
import { ForgotPasswordScene } from "../scenes/auth/ForgotPasswordScene.js";
import { RegisterScene } from "../scenes/auth/RegisterScene.js";
import { ResetPasswordScene } from "../scenes/auth/ResetPasswordScene.js";
import { ImportScene } from "../scenes/bulkImport/ImportScene.js";
import { CONTENT_TYPE_PATHS } from "../../contract/index.js";
import { NotFoundScene } from "../scenes/NotFoundScene.js";
import { SearchScene } from "../scenes/search/SearchScene.js";
import { ItemEditScene } from "../scenes/item/ItemEditScene.js";
import { ItemViewScene } from "../scenes/item/ItemViewScene.js";
import { ContactMessagesScene } from "../scenes/moderation/ContactMessagesScene.js";
import { InterceptorsScene } from "../scenes/moderation/InterceptorsScene.js";
import { ReportsScene } from "../scenes/moderation/ReportsScene.js";
import { TemplateEditScene } from "../scenes/item/TemplateEditScene.js";
import { NotificationsScene } from "../scenes/notifications/NotificationsScene.js";
import { ProfileScene } from "../scenes/profile/ProfileScene.js";
import { PATHS } from "./paths.js";
import { RootLayout } from "./RootLayout.js";
import { RouteError } from "./RouteError.js";

/** The renderer's pages. */
export const routes: RouteObject[] = [
  {
    element: <RootLayout />,
    errorElement: <RouteError />,
    children: [
      { index: true, element: <Navigate to={PATHS.search} replace /> },
      { path: "search", element: <SearchScene /> },
      { path: "auth/login", element: <LoginScene /> },
      { path: "auth/forgot", element: <ForgotPasswordScene /> },
      { path: "auth/reset", element: <ResetPasswordScene /> },
      { path: "auth/register", element: <RegisterScene /> },
      { path: "bulk-import/:id", element: <ImportScene /> },
      ...CONTENT_TYPE_PATHS.flatMap((typePath) => [
        { path: `${typePath}/:uid`, element: <ItemViewScene key={typePath} typePath={typePath} /> },
        { path: `${typePath}/:uid/edit`, element: <ItemEditScene key={typePath} typePath={typePath} /> },
      ]),
      { path: "templates/:uid/edit", element: <TemplateEditScene /> },
      { path: "profiles/:uid", element: <ProfileScene /> },
      { path: "moderation", element: <Navigate to={PATHS.reports} replace /> },
      { path: "moderation/reports", element: <ReportsScene /> },
      { path: "moderation/messages", element: <ContactMessagesScene /> },
      { path: "moderation/interceptors", element: <InterceptorsScene /> },
      { path: "notifications", element: <NotificationsScene /> },
      { path: "*", element: <NotFoundScene /> },
    ],
  },
];

/** Browser history on the web; hash history when the desktop app loads the build from a file. */
export function createAppRouter() {
  return window.location.protocol === "file:" ? createHashRouter(routes) : createBrowserRouter(routes);
}
