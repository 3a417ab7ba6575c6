import fs from "node:fs";
import { buildOpenApi } from "./openapi.js";

// Writes docs/api/openapi.json from the contract (npm run docs:api).
fs.mkdirSync("docs/api", { recursive: true });
fs.writeFileSync("docs/api/openapi.json", `${JSON.stringify(buildOpenApi(), null, 2)}\n`);
console.log("wrote docs/api/openapi.json");
