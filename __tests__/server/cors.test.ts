import type { Image } from '../../server/contract';
import { loginFrom } from './accounts/support';
import { createCategory, createGallery, uploadDocument, uploadImage } from './media/client';
import { buildTestServer, pageServerFor, serverWithAccountsFor, testServerFor } from './testServer';

const FRONT_END = 'https://app.research.example';

describe('CORS for named front ends', () => {
  const server = testServerFor({ publicUrl: 'https://www.research.example', corsOrigins: [FRONT_END] });

  it('answers a preflight from a named origin with credentials, methods and the CSRF header', async () => {
    const res = await server.inject({
      method: 'OPTIONS',
      url: '/api/users/login/',
      headers: { origin: FRONT_END, 'access-control-request-method': 'POST', 'access-control-request-headers': 'content-type,x-csrftoken' },
    });
    expect(res.statusCode).toBe(204);
    expect(res.headers['access-control-allow-origin']).toBe(FRONT_END);
    expect(res.headers['access-control-allow-credentials']).toBe('true');
    expect(res.headers['access-control-allow-methods']).toContain('POST');
    expect(String(res.headers['access-control-allow-headers']).toLowerCase()).toContain('x-csrftoken');
  });

  it('gives other origins no CORS headers, and refuses their state changes', async () => {
    const preflight = await server.inject({
      method: 'OPTIONS',
      url: '/api/users/login/',
      headers: { origin: 'https://evil.example', 'access-control-request-method': 'POST' },
    });
    expect(preflight.headers['access-control-allow-origin']).toBeUndefined();
    const post = await loginFrom(server, 'https://evil.example');
    expect(post.statusCode).toBe(403);
    expect(post.headers['access-control-allow-origin']).toBeUndefined();
  });

  it('lets a named origin sign in, read the answer and learn the CSRF token from a header', async () => {
    const login = await loginFrom(server, FRONT_END);
    expect(login.statusCode).toBe(401);
    expect(login.headers['access-control-allow-origin']).toBe(FRONT_END);
    const csrf = await server.inject({ method: 'GET', url: '/api/csrf/', headers: { origin: FRONT_END } });
    expect(csrf.headers['x-csrftoken']).toMatch(/^[A-Za-z0-9_-]{43}\.[A-Za-z0-9_-]{43}$/);
    expect(String(csrf.headers['access-control-expose-headers']).toLowerCase()).toContain('x-csrftoken');
  });
});

describe('CORS by default', () => {
  it('is off: no origin gets CORS headers', async () => {
    const server = await buildTestServer();
    try {
      const res = await server.inject({ method: 'GET', url: '/api/health', headers: { origin: FRONT_END } });
      expect(res.headers['access-control-allow-origin']).toBeUndefined();
    } finally {
      await server.cleanup();
    }
  });
});

describe('pages with CORS on', () => {
  const { server } = pageServerFor('all', { corsOrigins: [FRONT_END] });

  it('vary by Origin as well as by encoding, so a shared cache does not give one origin’s answer to another', async () => {
    for (const headers of [{}, { origin: FRONT_END }, { origin: FRONT_END, 'accept-encoding': 'gzip' }]) {
      const page = await server.inject({ method: 'GET', url: '/about', headers });
      expect(page.statusCode).toBe(200);
      expect(page.headers.vary).toBe('Origin, accept-encoding');
    }
  });
});

describe('addresses of files for front ends elsewhere', () => {
  const { server, staff } = serverWithAccountsFor('all', { publicUrl: 'https://www.research.example', corsOrigins: [FRONT_END] });

  it('name pictures absolutely, from the public address, so another origin can show them', async () => {
    const gallery = await createGallery(server, staff, 'page-logos');
    const uploaded = await uploadImage(server, staff, { title: 'Lecture hall', gallery: String(gallery.id) });
    expect(uploaded.statusCode).toBe(201);
    const listed = (await server.inject({ method: 'GET', url: '/api/photos/images/', headers: { origin: FRONT_END } })).json<Image[]>();
    for (const image of [uploaded.json<Image>(), ...listed]) {
      for (const address of [image.image_url, image.image, ...Object.values(image.sizes)])
        expect(address).toMatch(/^https:\/\/www\.research\.example\/media\/images\/[0-9a-f]{32}/);
    }
    const file = await server.inject({ method: 'GET', url: new URL(listed[0].sizes.thumb).pathname });
    expect(file.statusCode).toBe(200);
  });

  it('name downloads absolutely too: the current CV, and staff links with their signature', async () => {
    const category = await createCategory(server, staff, 'CV');
    const uploaded = await uploadDocument(server, staff, { name: 'Curriculum vitae', category: String(category.id), is_current: 'true' });
    expect(uploaded.statusCode).toBe(201);
    const cv = (await server.inject({ method: 'GET', url: '/api/documents/documents/current_cv/' })).json<{ download_url: string }>();
    expect(cv.download_url).toMatch(/^https:\/\/www\.research\.example\/api\/documents\/documents\/\d+\/download\/$/);
    const [document] = (await server.inject({ method: 'GET', url: '/api/documents/documents/', headers: staff })).json<{ download_url: string }[]>();
    const link = new URL(document.download_url);
    expect(link.origin).toBe('https://www.research.example');
    expect((await server.inject({ method: 'GET', url: `${link.pathname}${link.search}` })).statusCode).toBe(200);
  });
});

describe('addresses of files without CORS', () => {
  const { server, staff } = serverWithAccountsFor('all', { publicUrl: 'https://www.research.example' });

  it('stay relative: the site’s own pages need no host in them', async () => {
    const uploaded = await uploadImage(server, staff, { title: 'Lecture hall' });
    expect(uploaded.json<Image>().sizes.thumb).toMatch(/^\/media\/images\//);
  });
});
