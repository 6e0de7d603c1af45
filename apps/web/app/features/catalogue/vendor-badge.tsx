export function VendorBadge({ vendor }: { vendor: string }) {
  return <span className="badge text-bg-primary vendor-badge">{vendor}</span>;
}
