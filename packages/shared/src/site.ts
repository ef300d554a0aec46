import { PRODUCT_NAME } from './constants.js';

/**
 * Public contact details shown by the web app's footer and contact page (spec 2.2: {email}, {phone},
 * an address block and social links). One place to change them for a deployment.
 */
export const CONTACT_DETAILS = {
  email: 'support@civicpulse.in',
  phone: '+91 80 4567 8900',
  address: ['CivicPulse Civic Tech Hub', '2nd Floor, 14 MG Road', 'Bengaluru, Karnataka 560001', 'India'],
  social: [
    { label: 'X', url: 'https://x.com/civicpulse' },
    { label: 'LinkedIn', url: 'https://www.linkedin.com/company/civicpulse' },
    { label: 'Instagram', url: 'https://www.instagram.com/civicpulse' },
    { label: 'Facebook', url: 'https://www.facebook.com/civicpulse' },
    { label: 'YouTube', url: 'https://www.youtube.com/@civicpulse' },
  ],
} as const;

/** The browser tab's title for a screen: "My Issues · CivicPulse"; the landing page is just the product. */
export function pageTitle(screen?: string): string {
  return screen ? `${screen} · ${PRODUCT_NAME}` : PRODUCT_NAME;
}
