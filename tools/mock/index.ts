// The mock a developer talks to: Prism (examples from the spec, request validation on)
// on an internal loopback port, behind the envelope proxy on the public one.
import { loadBundledDocument, bundledSpecPath } from '../../packages/sandbox/src/spec/document.ts';
import { authHeadersOf, startEnvelopeProxy } from './envelope-proxy.ts';
import { startPlainPrism } from './prism.ts';

export type RunningApiMock = {
  /** Where clients send requests (the envelope proxy). */
  url: string;
  /** Prism itself, for diagnostics and the overhead benchmark. */
  prismUrl: string;
  close: () => Promise<void>;
  output: () => string;
};

export async function startApiMock(options: { port?: number; host?: string; specPath?: string } = {}): Promise<RunningApiMock> {
  const host = options.host ?? '127.0.0.1';
  const specPath = options.specPath ?? bundledSpecPath;
  const prism = await startPlainPrism({ host, specPath });
  try {
    const proxy = await startEnvelopeProxy({ upstream: prism.url, auth: authHeadersOf(loadBundledDocument(specPath)), host, port: options.port ?? 0 });
    return {
      url: proxy.url,
      prismUrl: prism.url,
      output: prism.output,
      close: async () => {
        await proxy.close();
        await prism.close();
      },
    };
  } catch (error) {
    await prism.close();
    throw error;
  }
}
