import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signUpVerified, type TestAccount } from '../helpers/accounts.ts';
import { call, createTestApp, type TestApp } from '../helpers/test-app.ts';
import { expectRefusal } from '../helpers/field-errors.ts';

const png = (width: number, height: number) =>
  sharp({ create: { width, height, channels: 4, background: { r: 255, g: 52, b: 52, alpha: 1 } } }).png().toBuffer();

// Browsers send Origin with a multipart post; the CSRF check requires it.
const SAME_ORIGIN = { Origin: 'http://localhost' };

function form(field: string, bytes: Buffer | string, name: string, type: string) {
  const body = new FormData();
  body.append(field, new File([typeof bytes === 'string' ? bytes : new Uint8Array(bytes)], name, { type }));
  return body;
}

describe('brand settings', () => {
  let t: TestApp;
  let owner: TestAccount;
  let other: TestAccount;
  beforeAll(async () => {
    t = await createTestApp();
    owner = await signUpVerified(t);
    other = await signUpVerified(t, { name: 'Kai Other' });
  });
  afterAll(() => t.close());

  const settings = (account: TestAccount, userId = account.userId) => `/api/v1/users/settings/${userId}`;

  it('starts empty with the default theme and says what is missing', async () => {
    const res = await call(t.app, 'GET', settings(owner), undefined, owner.token);
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ brandName: '', theme: '#FF3434', brandVoice: [], header_available: false, header_image_url: null });
    expect(res.body.complete).toEqual({ text: false, video: false, missing: ['brandName', 'location', 'website', 'brandVoice', 'description', 'brandLogo'] });
  });

  it('saves the fields, trims and de-duplicates voice tags, and completes the brand for text', async () => {
    const res = await call(
      t.app,
      'POST',
      settings(owner),
      {
        brandName: '  La Cocina  ',
        location: 'Austin, TX',
        website: 'lacocina.com',
        description: 'Family taqueria since 1998.',
        brandVoice: [' warm ', 'playful', 'Warm', 'local'],
        theme: '#00aa55',
      },
      owner.token,
    );
    expect(res.status).toBe(200);
    expect(res.body.brand).toMatchObject({
      brandName: 'La Cocina',
      website: 'https://lacocina.com',
      brandVoice: ['warm', 'playful', 'local'],
      theme: '#00AA55',
      complete: { text: true, video: false, missing: ['brandLogo'] },
    });
    const again = await call(t.app, 'GET', settings(owner), undefined, owner.token);
    expect(again.body).toMatchObject({ brandName: 'La Cocina', location: 'Austin, TX', brandVoice: ['warm', 'playful', 'local'] });
  });

  it.each([
    ['red', 'theme: Theme must be a hex colour like #FF3434'],
    ['#GG0000', 'theme: Theme must be a hex colour like #FF3434'],
    ['#FF343400', 'theme: Theme must be at most 7 characters'],
  ])('refuses the colour %s naming the field', async (theme, message) => {
    const res = await call(t.app, 'POST', settings(owner), { theme }, owner.token);
    expect(res.status).toBe(400);
    expectRefusal(res.body, message);
  });

  it('bounds every text field', async () => {
    const cases: Array<[Record<string, unknown>, string]> = [
      [{ brandName: 'x'.repeat(101) }, 'brandName: Brand name must be at most 100 characters'],
      [{ location: 'x'.repeat(201) }, 'location: Location must be at most 200 characters'],
      [{ description: 'x'.repeat(1001) }, 'description: Description must be at most 1000 characters'],
      [{ website: 'not a site' }, 'website: Website must be a web address, like lacocina.com'],
      [{ brandVoice: ['a', 'b', 'c', 'd', 'e', 'f', 'g', 'h', 'i'] }, 'brandVoice: Brand voice takes at most 8 words'],
      [{ brandVoice: ['x'.repeat(41)] }, 'brandVoice.0: Each brand voice word must be at most 40 characters'],
      [{ brandLogo: 'javascript:alert(1)' }, 'brandLogo: Brand logo must be an uploaded image'],
    ];
    for (const [body, message] of cases) {
      const res = await call(t.app, 'POST', settings(owner), body, owner.token);
      expect(res.status, JSON.stringify(body).slice(0, 40)).toBe(400);
      expectRefusal(res.body, message);
    }
    // Nothing stored was lost.
    const after = await call(t.app, 'GET', settings(owner), undefined, owner.token);
    expect(after.body.brandName).toBe('La Cocina');
  });

  it('keeps the time between texts (24 hours unless changed) and refuses a bad one, naming the field', async () => {
    expect((await call(t.app, 'GET', settings(owner), undefined, owner.token)).body.textGapHours).toBe(24);
    const saved = await call(t.app, 'POST', settings(owner), { textGapHours: 48 }, owner.token);
    expect(saved.status).toBe(200);
    expect((await call(t.app, 'GET', settings(owner), undefined, owner.token)).body.textGapHours).toBe(48);
    for (const [value, message] of [
      [-1, 'textGapHours: Time between texts cannot be negative'],
      [1.5, 'textGapHours: Time between texts must be a whole number of hours'],
      ['24', 'textGapHours: Time between texts must be a number of hours'],
    ] as const) {
      const res = await call(t.app, 'POST', settings(owner), { textGapHours: value }, owner.token);
      expect(res.status).toBe(400);
      expectRefusal(res.body, message);
    }
    expect((await call(t.app, 'GET', settings(owner), undefined, owner.token)).body.textGapHours).toBe(48);
  });

  it("refuses another owner's settings as if they did not exist", async () => {
    expect((await call(t.app, 'GET', settings(other, owner.userId), undefined, other.token)).status).toBe(404);
    const res = await call(t.app, 'POST', settings(other, owner.userId), { brandName: 'Hijacked' }, other.token);
    expect(res.status).toBe(404);
    expect((await call(t.app, 'GET', settings(owner), undefined, owner.token)).body.brandName).toBe('La Cocina');
    expect((await call(t.app, 'GET', settings(owner))).status).toBe(401);
  });

  it('uploads a logo, re-encoded to PNG, and the brand becomes complete for videos', async () => {
    const upload = await call(t.app, 'POST', '/api/v1/brand/image', form('image', await png(300, 300), 'logo.png', 'image/png'), owner.token, SAME_ORIGIN);
    expect(upload.status).toBe(200);
    expect(upload.body.url).toMatch(/^\/api\/v1\/files\/brand\/[\w-]{22}\.png$/);
    const file = await t.app.request(upload.body.url);
    expect(file.status).toBe(200);
    expect(file.headers.get('content-type')).toBe('image/png');
    const saved = await call(t.app, 'POST', settings(owner), { brandLogo: upload.body.url }, owner.token);
    expect(saved.body.brand.complete).toEqual({ text: true, video: true, missing: [] });
  });

  it('sniffs uploads: a text file called .png is refused with 415', async () => {
    const res = await call(t.app, 'POST', '/api/v1/brand/image', form('image', 'hello, not an image', 'logo.png', 'image/png'), owner.token, SAME_ORIGIN);
    expect(res.status).toBe(415);
    expect(res.body.error).toBe('The image must be a PNG, JPG, GIF or WebP file');
  });

  it('takes an email header in the `logo` field and reports it in the header info', async () => {
    const before = await call(t.app, 'GET', '/api/v1/brand/email-header', undefined, owner.token);
    expect(before.body).toEqual({ header_available: false, header_image_url: null });
    const res = await call(t.app, 'POST', '/api/v1/brand/email-header', form('logo', await png(1600, 400), 'header.png', 'image/png'), owner.token, SAME_ORIGIN);
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ message: 'Header uploaded successfully!', header_available: true });
    const info = await call(t.app, 'GET', '/api/v1/brand/email-header', undefined, owner.token);
    expect(info.body).toEqual({ header_available: true, header_image_url: res.body.header_image_url });
    const stored = Buffer.from(await (await t.app.request(res.body.header_image_url)).arrayBuffer());
    expect(await sharp(stored).metadata()).toMatchObject({ format: 'png', width: 1200, height: 300 });
  });

  it('refuses a header that is not PNG, JPG or GIF (415) or over 10 MB (413)', async () => {
    const webp = await sharp({ create: { width: 40, height: 10, channels: 3, background: '#fff' } }).webp().toBuffer();
    const wrong = await call(t.app, 'POST', '/api/v1/brand/email-header', form('logo', webp, 'header.png', 'image/png'), owner.token, SAME_ORIGIN);
    expect(wrong.status).toBe(415);
    expect(wrong.body.error).toBe('The header image must be a PNG, JPG or GIF file');

    const big = Buffer.alloc(10 * 1024 * 1024 + 1);
    (await png(10, 10)).copy(big);
    const tooBig = await call(t.app, 'POST', '/api/v1/brand/email-header', form('logo', big, 'header.png', 'image/png'), owner.token, SAME_ORIGIN);
    expect(tooBig.status).toBe(413);
    expect(tooBig.body.error).toBe('The header image is too large: the limit is 10 MB');
  });

  it('asks for the file when the field is missing, and for a form when JSON is sent', async () => {
    const missing = await call(t.app, 'POST', '/api/v1/brand/email-header', new FormData(), owner.token, SAME_ORIGIN);
    expect(missing.status).toBe(400);
    expect(missing.body).toMatchObject({ error: 'Choose a header image to upload', fields: { logo: 'Choose a header image to upload' } });
    const json = await call(t.app, 'POST', '/api/v1/brand/image', { image: 'x' }, owner.token);
    expect(json.status).toBe(415);
  });
});
