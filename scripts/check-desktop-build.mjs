// After `npm run build:desktop`: keytar is loaded at run time from out/main/node_modules (to be unpacked from the asar),
// never bundled into the main process, and appears nowhere in the renderer or the preload.
import fs from "node:fs";
import path from "node:path";

const out = path.resolve(import.meta.dirname, "../out");
const problems = [];
const filesUnder = (dir) =>
  fs.existsSync(dir) ? fs.readdirSync(dir, { recursive: true, withFileTypes: true }).filter((e) => e.isFile()).map((e) => path.join(e.parentPath, e.name)) : [];

const mainJs = filesUnder(path.join(out, "main")).filter((f) => f.endsWith(".js") && !f.includes(`${path.sep}node_modules${path.sep}`));
if (!mainJs.some((f) => fs.readFileSync(f, "utf8").includes('import("keytar")'))) problems.push("out/main does not import keytar at run time");
const bundledAddons = filesUnder(path.join(out, "main")).filter((f) => f.endsWith(".node") && !f.includes(`${path.sep}node_modules${path.sep}keytar${path.sep}`));
if (bundledAddons.length) problems.push(`native addons bundled into out/main: ${bundledAddons.join(", ")}`);
for (const file of ["package.json", "lib/keytar.js", "build/Release/keytar.node"]) {
  if (!fs.existsSync(path.join(out, "main/node_modules/keytar", file))) problems.push(`out/main/node_modules/keytar/${file} is missing`);
}
for (const dir of ["renderer", "preload"]) {
  for (const file of filesUnder(path.join(out, dir))) {
    if (file.endsWith(".node") || /keytar/.test(fs.readFileSync(file, "latin1"))) problems.push(`keytar found in ${path.relative(out, file)}`);
  }
}

if (problems.length) {
  console.error(`desktop build check failed:\n- ${problems.join("\n- ")}`);
  process.exit(1);
}
console.log("desktop build: keytar external, copied to out/main/node_modules/keytar, absent from renderer and preload");
