/** Node.js 24 LTS is the runtime Certitude is made for; 22 works; older ones are refused at start. */
export const MIN_NODE_MAJOR = 22;

/** The one-line refusal for this Node.js, or undefined when it is new enough. */
export function nodeVersionProblem(version = process.versions.node): string | undefined {
  const major = Number(version.split('.')[0]);
  if (major >= MIN_NODE_MAJOR) return undefined;
  return `Certitude needs Node.js ${MIN_NODE_MAJOR} or newer (24 LTS recommended); this is Node.js ${version}.`;
}
