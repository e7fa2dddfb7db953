import sharp from 'sharp';

/**
 * Pictures for the demo account, drawn here (no photo is shipped or downloaded): a plate seen from above on a
 * table, in the dish's colours, and a label "Demo photo" at the top (kept by square thumbnails) so nobody takes them for the owner's own.
 */
export type DemoDish = { name: string; description: string; table: string; food: string[] };

export const DEMO_DISHES: DemoDish[] = [
  { name: 'Demo photo - avocado toast', description: 'Avocado toast with chilli flakes on sourdough', table: '#8a6a4f', food: ['#6a994e', '#a7c957', '#bc4749'] },
  { name: 'Demo photo - flat white', description: 'Flat white with latte art on the counter', table: '#5c4033', food: ['#c8a27a', '#efe0c8', '#7a4e2d'] },
  { name: 'Demo photo - fish tacos', description: 'Fish tacos with slaw and lime on the patio', table: '#b08968', food: ['#f2cc8f', '#81b29a', '#e07a5f'] },
  { name: 'Demo photo - pumpkin soup', description: 'Pumpkin soup with toasted seeds for autumn', table: '#7f5539', food: ['#e76f51', '#f4a261', '#2a9d8f'] },
  { name: 'Demo photo - berry pancakes', description: 'Stack of pancakes with berries and maple syrup for brunch', table: '#9c6644', food: ['#e9c46a', '#6d597a', '#b56576'] },
  { name: 'Demo photo - croissants', description: 'Fresh croissants from the morning bake', table: '#6f4e37', food: ['#dda15e', '#bc6c25', '#fefae0'] },
  { name: 'Demo photo - grain bowl', description: 'Grain bowl with roasted vegetables and tahini', table: '#8d6e63', food: ['#90be6d', '#f9c74f', '#f8961e'] },
  { name: 'Demo photo - dining room', description: 'Our dining room in the evening with candles', table: '#3d2c29', food: ['#ffd166', '#ef476f', '#118ab2'] },
];

const escape = (value: string) => value.replace(/[&<>"]/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;' })[c]!);

/** A 1200×900 JPEG of the dish. */
export function dishPicture(dish: DemoDish, index: number): Promise<Buffer> {
  const [a, b, c] = dish.food;
  const blobs = Array.from({ length: 7 }, (_, n) => {
    const angle = (n / 7) * Math.PI * 2 + index;
    const x = 600 + Math.cos(angle) * (90 + (n % 3) * 40);
    const y = 450 + Math.sin(angle) * (70 + (n % 2) * 50);
    return `<ellipse cx="${x.toFixed(0)}" cy="${y.toFixed(0)}" rx="${70 - (n % 3) * 12}" ry="${48 - (n % 2) * 10}" fill="${[a, b, c][n % 3]}" transform="rotate(${(n * 37 + index * 11) % 180} ${x.toFixed(0)} ${y.toFixed(0)})"/>`;
  }).join('');
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="1200" height="900">
<defs><radialGradient id="plate"><stop offset="0.7" stop-color="#ffffff"/><stop offset="1" stop-color="#e9e4dc"/></radialGradient>
<filter id="shadow"><feDropShadow dx="0" dy="14" stdDeviation="16" flood-opacity="0.35"/></filter></defs>
<rect width="1200" height="900" fill="${dish.table}"/>
<circle cx="600" cy="450" r="330" fill="url(#plate)" filter="url(#shadow)"/>
<circle cx="600" cy="450" r="250" fill="#fbf8f3"/>
${blobs}
<rect x="470" y="30" rx="14" width="260" height="58" fill="rgba(0,0,0,0.55)"/>
<text x="600" y="69" text-anchor="middle" font-family="sans-serif" font-size="30" font-weight="700" fill="#ffffff">DEMO PHOTO</text>
<text x="600" y="860" text-anchor="middle" font-family="sans-serif" font-size="34" fill="rgba(255,255,255,0.85)">${escape(dish.description)}</text>
</svg>`;
  return sharp(Buffer.from(svg)).jpeg({ quality: 82 }).toBuffer();
}

/** The demo café's logo: a cup in a circle, in its theme colour. */
export function demoLogo(theme: string): Promise<Buffer> {
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="512" height="512">
<circle cx="256" cy="256" r="248" fill="${theme}"/>
<path d="M150 200 h180 v70 a90 90 0 0 1 -180 0 z" fill="#fffaf2"/>
<path d="M330 220 h24 a38 38 0 0 1 0 76 h-28" fill="none" stroke="#fffaf2" stroke-width="22"/>
<path d="M200 120 q20 30 0 55 M250 110 q20 35 0 65 M300 120 q20 30 0 55" fill="none" stroke="#fffaf2" stroke-width="14" stroke-linecap="round"/>
<rect x="130" y="370" width="260" height="20" rx="10" fill="#fffaf2"/>
</svg>`;
  return sharp(Buffer.from(svg)).png().toBuffer();
}

/** A 4:1 email header: the theme colour with a band of the café's tones. */
export function demoHeader(theme: string): Promise<Buffer> {
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="1200" height="300">
<rect width="1200" height="300" fill="${theme}"/>
<circle cx="1080" cy="60" r="180" fill="rgba(255,255,255,0.10)"/><circle cx="140" cy="300" r="220" fill="rgba(0,0,0,0.10)"/>
<text x="600" y="170" text-anchor="middle" font-family="sans-serif" font-size="64" font-weight="700" fill="#fffaf2">Demo Café</text>
<text x="600" y="230" text-anchor="middle" font-family="sans-serif" font-size="30" fill="rgba(255,250,242,0.85)">DEMO DATA</text>
</svg>`;
  return sharp(Buffer.from(svg)).png().toBuffer();
}
