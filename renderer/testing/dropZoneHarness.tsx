/**
 * A page with only the DropZone, for e2e/dropZone.spec.ts (built there with Vite; never part of the app's build).
 * The app mounts it in the layout and the bulk importer; here it is tested alone.
 */
import { useState } from "react";
import { createRoot } from "react-dom/client";
import { DropZone } from "../components/DropZone.js";
import "../styles/index.css";

function Harness() {
  const [dropped, setDropped] = useState<string[]>([]);
  return (
    <main className="page">
      <h1 className="page-title">Drop files here</h1>
      <ul aria-label="Dropped files">
        {dropped.map((name, index) => (
          <li key={`${name}-${index}`}>{name}</li>
        ))}
      </ul>
      <DropZone label="Drop files to add them as resources" hint="Each file becomes one resource." onFiles={(files) => setDropped((list) => [...list, ...files.map((f) => `${f.name} (${f.size} bytes, ${f.type || "no type"})`)])} />
    </main>
  );
}

createRoot(document.getElementById("root")!).render(<Harness />);
