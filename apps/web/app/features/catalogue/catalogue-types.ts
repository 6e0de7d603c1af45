import type { VendorCount } from './catalogue-search';
import type { ListedCertification } from './listed-certification';

/* The shapes the home listing's parts share. */

/** A list too large for the browser: what the server's first page came with. */
export interface PagedList {
  /** Certifications matching the address's filters and search (X of 'Showing X of Y'). */
  total: number;
  /** Certifications the address's filters let through (Y). */
  all: number;
  vendors: VendorCount[];
  next: string | null;
  /** The address's sort and filters and the page size, as parameters of GET /api/certification. */
  listQuery: string;
  /** The search the first page was made for. */
  contains: string;
  /** The vendor the first page was made for (the address's). */
  vendor?: string | null;
}

/** One page of the API's answer (catalogue-pages.ts). */
export interface Page {
  items: ListedCertification[];
  total: number;
  next: string | null;
  failed?: boolean;
}

export interface CatalogueFilters {
  query: string;
  setQuery: (query: string) => void;
  vendor: string | null;
  setVendor: (vendor: string | null) => void;
}
