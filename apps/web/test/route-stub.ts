/**
 * A page's route for createRoutesStub, its loader given the load context the server's render gives it: `data`
 * stands for the server's PageData.
 */
export function pageRoute({
  path,
  Component,
  ErrorBoundary,
  loader,
  data,
}: {
  path: string;
  Component: unknown;
  ErrorBoundary?: unknown;
  loader: (args: never) => unknown;
  data: unknown;
}) {
  return {
    path,
    Component: Component as never,
    ...(ErrorBoundary ? { ErrorBoundary: ErrorBoundary as never } : {}),
    HydrateFallback: () => null,
    loader: (args: object) =>
      loader({ ...args, context: { data, publicUrl: 'https://certitude.test', nonce: '' } } as never),
  };
}
