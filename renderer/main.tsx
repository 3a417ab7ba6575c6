import { QueryClientProvider } from "@tanstack/react-query";
import { StrictMode } from "react";
import { createRoot } from "react-dom/client";
import { RouterProvider } from "react-router";
import { MESSAGES } from "../contract/index.js";
import { configureApi } from "./api/client.js";
import { createQueryClient } from "./api/queryClient.js";
import { showToast } from "./components/toastStore.js";
import { platform } from "./platform/index.js";
import { createAppRouter } from "./routes/router.js";
import { ServerUrlScene } from "./scenes/desktop/ServerUrlScene.js";
import "./styles/index.css";

/** True when the desktop has no server yet, or shows its own copy of the app (file:) to choose another one. */
async function needsServerUrl(): Promise<boolean> {
  if (window.location.protocol === "file:") return true;
  return (await platform.serverUrl().catch(() => null)) === null;
}

/** Resolves where the API lives, then renders the app (one entry for web and desktop). */
async function start(): Promise<void> {
  const root = document.getElementById("root");
  if (!root) throw new Error("#root is missing from index.html");
  if (await needsServerUrl()) {
    createRoot(root).render(
      <StrictMode>
        <ServerUrlScene />
      </StrictMode>,
    );
    return;
  }
  try {
    configureApi(await platform.apiBaseUrl());
  } catch (error) {
    console.error("Could not find the server", error);
    showToast(MESSAGES.unexpected);
  }
  const queryClient = createQueryClient((message) => showToast(message));
  const router = createAppRouter();
  createRoot(root).render(
    <StrictMode>
      <QueryClientProvider client={queryClient}>
        <RouterProvider router={router} />
      </QueryClientProvider>
    </StrictMode>,
  );
}

void start();
