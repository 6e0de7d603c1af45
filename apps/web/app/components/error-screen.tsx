import { ERROR_PAGE_TEXT, PRODUCT_NAME } from '@certitude/shared';
import { useLayoutEffect } from 'react';
import { restoreTheme } from '../lib/theme';
import { ERROR_SCREEN_TEXT } from './error-screen-text';

/**
 * The error boundary page (docs/product.md#error-screens): 'Something went wrong' with Refresh Page and Go Back. It names the
 * document itself (React puts the title in the head): the failed route's meta never ran.
 */
export function ErrorScreen({ title }: { title: string }) {
  useLayoutEffect(restoreTheme, []);
  return (
    <div className="container py-5 text-center" role="alert">
      <title>{`${title} | ${PRODUCT_NAME}`}</title>
      <h1 className="h2 mb-3">{title}</h1>
      <p className="text-body-secondary mb-4">{ERROR_SCREEN_TEXT}</p>
      <div className="d-flex gap-2 justify-content-center">
        <button type="button" className="btn btn-primary" onClick={() => window.location.reload()}>
          {ERROR_PAGE_TEXT.refreshPage}
        </button>
        <button type="button" className="btn btn-outline-secondary" onClick={() => window.history.back()}>
          {ERROR_PAGE_TEXT.goBack}
        </button>
      </div>
    </div>
  );
}
