/**
 * The words of the forms that submit a certification or a learning resource and of the confirmation after them
 * (docs/product.md#dialogs); the titles and buttons the pages share are TEXT of the shared texts.
 */
export const SUBMISSION_TEXT = {
  certificationName: 'Certification Name',
  certificationNamePlaceholder: 'e.g. AWS Certified Solutions Architect - Associate',
  certificationCode: 'Certification Code',
  certificationCodePlaceholder: 'e.g. SAA-C03',
  vendor: 'Vendor',
  vendorPlaceholder: 'e.g. AWS',
  description: 'Description',
  certificationDescriptionPlaceholder: 'What the certification covers (Markdown allowed)',
  officialUrl: 'Official URL',
  forCertification: (name: string) => `For ${name}`,
  resourceName: 'Resource Name',
  resourceType: 'Type',
  url: 'URL',
  paidResource: 'This is a paid resource',
  underReview: (kind: string, turnaround: string) =>
    `Your ${kind} has been submitted and is under review by our moderators. Review usually takes ${turnaround}.`,
  appearsInList: 'It will appear in the list once approved.',
  appearsOnPage: 'It will appear on the certification page once approved.',
} as const;
