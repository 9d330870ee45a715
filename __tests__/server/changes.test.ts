import { buildTestServer, type TestServer } from './testServer';

describe('change announcements', () => {
  let server: TestServer & { cleanup: () => Promise<void> };
  beforeAll(async () => {
    server = await buildTestServer();
  });
  afterAll(async () => {
    await server.cleanup();
  });

  it('tells each listener of the kinds it follows, once per announcement', () => {
    const heard: string[][] = [];
    const stopImages = server.changes.subscribe(['Image', 'Gallery'], (changed) => heard.push(['images', ...changed]));
    const stopContent = server.changes.subscribe(['SiteContent'], (changed) => heard.push(['content', ...changed]));
    server.changes.publish('Gallery', 'Image');
    server.changes.publish('Publication');
    server.changes.publish();
    stopImages();
    server.changes.publish('Image', 'SiteContent');
    stopContent();
    expect(heard).toEqual([
      ['images', 'Gallery', 'Image'],
      ['content', 'Image', 'SiteContent'],
    ]);
  });

  it('still tells the other listeners, and does not fail the write, when one listener throws', () => {
    const heard: string[] = [];
    const errors = jest.spyOn(server.log, 'error').mockImplementation(() => undefined);
    const stopBroken = server.changes.subscribe(['Document'], () => {
      throw new Error('broken cache');
    });
    const stopWorking = server.changes.subscribe(['Document'], () => heard.push('told'));
    try {
      expect(() => server.changes.publish('Document')).not.toThrow();
      expect(heard).toEqual(['told']);
      expect(errors).toHaveBeenCalledWith(expect.objectContaining({ err: expect.any(Error) }), 'a change listener failed');
    } finally {
      stopBroken();
      stopWorking();
      errors.mockRestore();
    }
  });
});
