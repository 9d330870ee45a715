import * as document from '../../server/src/pages/document';
import { pageServerFor } from './testServer';

describe('a page that cannot be drawn', () => {
  const { server } = pageServerFor('all');
  const NAVIGATION = { accept: 'text/html,application/xhtml+xml,application/xml;q=0.9,*/*;q=0.8' };

  it('answers a browser with an error page, and the API with JSON as before', async () => {
    const htmlDocument = jest.spyOn(document, 'htmlDocument').mockImplementation(() => {
      throw new Error('drawing failed');
    });
    try {
      const page = await server.inject({ method: 'GET', url: '/about', headers: NAVIGATION });
      expect(page.statusCode).toBe(500);
      expect(page.headers['content-type']).toBe('text/html; charset=utf-8');
      expect(page.body).toContain('<h1>Server error</h1>');
      expect(page.body).toContain('A server error occurred. Please try again in a moment.');
      expect(page.body).not.toContain('drawing failed');
      expect(page.headers['content-security-policy']).toContain("default-src 'none'");

      const call = await server.inject({ method: 'GET', url: '/about' });
      expect(call.statusCode).toBe(500);
      expect(call.json()).toEqual({ detail: 'A server error occurred.' });
    } finally {
      htmlDocument.mockRestore();
    }
    expect((await server.inject({ method: 'GET', url: '/about', headers: NAVIGATION })).statusCode).toBe(200);
  });
});
