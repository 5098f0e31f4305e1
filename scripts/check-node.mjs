// npm scripts run on the Node 24 that the `node` devDependency installs; warn if not.
const [major, minor] = process.versions.node.split('.').map(Number);
if (major < 22 || (major === 22 && minor < 12)) {
  console.warn(`Kith's tools need Node >= 22.12 (running ${process.versions.node}). Run them through npm scripts or npx.`);
}
