/** The dismissible support banner linking to the donation page. */
export function SupportBanner() {
  return null;
}
