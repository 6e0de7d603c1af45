/** The first-visit welcome popup of spec §2 and §4. */
export function WelcomePopup() {
  return null;
}
