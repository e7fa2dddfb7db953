import type { EmailBlock, EmailContent } from '../../src/contract/email.ts';
import type { EmailBrand } from '../../server/features/email/render/email-brand.ts';

export const BRAND: EmailBrand = {
  name: 'La Cocina',
  website: 'https://lacocina.example.com',
  location: '12 Main St, Austin, TX 78701',
  theme: '#1D6B4F',
  logoUrl: 'https://cdn.example.com/logo.png',
  headerImageUrl: 'https://cdn.example.com/header.png',
};

export const BLOCKS: EmailBlock[] = [
  { id: 'header', type: 'header_image' },
  { id: 'title', type: 'heading', text: 'Fish tacos, 2 for $12', level: 1, align: 'left' },
  { id: 'intro', type: 'text', html: '<p>Hi {{first_name|there}},</p><p>Our fish tacos are back this Friday.</p>', align: 'left' },
  { id: 'photo', type: 'image', media_id: 'media-1', alt: 'Fish tacos on a blue plate', caption: 'Fresh from the grill' },
  { id: 'cta', type: 'button', label: 'Book a table', href: 'https://lacocina.example.com/book' },
  { id: 'rule', type: 'divider' },
  { id: 'footer', type: 'footer', note: 'Thanks for eating with us.' },
];

export const CONTENT: EmailContent = { subject: 'Fish tacos, 2 for $12 this Friday', preheader: 'This week only', blocks: BLOCKS };
export const IMAGES = { 'media-1': 'https://cdn.example.com/media-1.jpg' };
