import { Navigate, createBrowserRouter, createHashRouter, type RouteObject } from "react-router";
import { LoginScene } from "../scenes/auth/LoginScene.js";
import { CONTENT_TYPE_PATHS } from "../../contract/index.js";
import { NotFoundScene } from "../scenes/NotFoundScene.js";
import { SearchScene } from "../scenes/search/SearchScene.js";
import { PATHS } from "./paths.js";
import { RootLayout } from "./RootLayout.js";
import { RouteError } from "./RouteError.js";

/**
 * The renderer's pages. The search screen (where the app opens) and the login form load with the app; every other page
 * is its own chunk, fetched on the first visit to it, so the editor (Lexical, KaTeX) and the other scenes' code are not
 * in every page load. The router waits for the chunk before it leaves the current page.
 */
export const routes: RouteObject[] = [
  {
    element: <RootLayout />,
    errorElement: <RouteError />,
    // Opened directly, a lazy page renders nothing until its chunk is in (as before); named here, so React Router
    // knows it is meant and does not warn in the console on every such load.
    HydrateFallback: PageChunkLoading,
    children: [
      { index: true, element: <Navigate to={PATHS.search} replace /> },
      { path: "search", element: <SearchScene /> },
      { path: "auth/login", element: <LoginScene /> },
      { path: "auth/forgot", lazy: async () => ({ Component: (await import("../scenes/auth/ForgotPasswordScene.js")).ForgotPasswordScene }) },
      { path: "auth/reset", lazy: async () => ({ Component: (await import("../scenes/auth/ResetPasswordScene.js")).ResetPasswordScene }) },
      { path: "auth/register", lazy: async () => ({ Component: (await import("../scenes/auth/RegisterScene.js")).RegisterScene }) },
      { path: "bulk-import/:id", lazy: async () => ({ Component: (await import("../scenes/bulkImport/ImportScene.js")).ImportScene }) },
      ...CONTENT_TYPE_PATHS.flatMap((typePath): RouteObject[] => [
        {
          path: `${typePath}/:uid`,
          lazy: async () => {
            const { ItemViewScene } = await import("../scenes/item/ItemViewScene.js");
            return { element: <ItemViewScene key={typePath} typePath={typePath} /> };
          },
        },
        {
          path: `${typePath}/:uid/edit`,
          lazy: async () => {
            const { ItemEditScene } = await import("../scenes/item/ItemEditScene.js");
            return { element: <ItemEditScene key={typePath} typePath={typePath} /> };
          },
        },
      ]),
      { path: "templates/:uid/edit", lazy: async () => ({ Component: (await import("../scenes/item/TemplateEditScene.js")).TemplateEditScene }) },
      { path: "profiles/:uid", lazy: async () => ({ Component: (await import("../scenes/profile/ProfileScene.js")).ProfileScene }) },
      { path: "moderation", element: <Navigate to={PATHS.reports} replace /> },
      { path: "moderation/reports", lazy: async () => ({ Component: (await import("../scenes/moderation/ReportsScene.js")).ReportsScene }) },
      { path: "moderation/messages", lazy: async () => ({ Component: (await import("../scenes/moderation/ContactMessagesScene.js")).ContactMessagesScene }) },
      { path: "moderation/interceptors", lazy: async () => ({ Component: (await import("../scenes/moderation/InterceptorsScene.js")).InterceptorsScene }) },
      { path: "moderation/announcements", lazy: async () => ({ Component: (await import("../scenes/moderation/AnnouncementsScene.js")).AnnouncementsScene }) },
      { path: "moderation/products", lazy: async () => ({ Component: (await import("../scenes/moderation/ProductsScene.js")).ProductsScene }) },
      { path: "moderation/news", lazy: async () => ({ Component: (await import("../scenes/moderation/NewsScene.js")).NewsScene }) },
      { path: "moderation/orders", lazy: async () => ({ Component: (await import("../scenes/moderation/OrdersScene.js")).OrdersScene }) },
      { path: "checkout/orders", lazy: async () => ({ Component: (await import("../scenes/checkout/MyOrdersScene.js")).MyOrdersScene }) },
      { path: "checkout/orders/:uuid", lazy: async () => ({ Component: (await import("../scenes/checkout/OrderScene.js")).OrderScene }) },
      { path: "invites/accept", lazy: async () => ({ Component: (await import("../scenes/invites/AcceptInviteScene.js")).AcceptInviteScene }) },
      { path: "account", lazy: async () => ({ Component: (await import("../scenes/account/AccountScene.js")).AccountScene }) },
      { path: "account/confirm-email", lazy: async () => ({ Component: (await import("../scenes/account/ConfirmEmailScene.js")).ConfirmEmailScene }) },
      { path: "notifications", lazy: async () => ({ Component: (await import("../scenes/notifications/NotificationsScene.js")).NotificationsScene }) },
      { path: "*", element: <NotFoundScene /> },
    ],
  },
];

/** What the first render shows while a page opened directly waits for its chunk: nothing, for the moment it takes. */
function PageChunkLoading() {
  return null;
}

/** Browser history on the web; hash history when the desktop app loads the build from a file. */
export function createAppRouter() {
  return window.location.protocol === "file:" ? createHashRouter(routes) : createBrowserRouter(routes);
}
