import type { InferenceSession } from 'onnxruntime-node';

/** A loaded WD14 model: its square input size, and a run that gives one score per tag. */
export interface TaggerModel {
  size: number;
  run(input: Float32Array): Promise<Float32Array>;
}

/**
 * Opens the ONNX model on the CPU with one thread for each of its pools: inference runs off the
 * event loop (onnxruntime-node's run is async), and on one core, so thumbnails and the rest of
 * the server keep the others. `onnxruntime-node` is imported here only, so a server without a
 * tagger never loads it. The input must be NHWC float32 `[batch, size, size, 3]`; its size is
 * read from the model (448 for the WD14 family, but not assumed).
 */
export async function openTaggerModel(file: string): Promise<TaggerModel> {
  const ort = await import('onnxruntime-node');
  const session = await ort.InferenceSession.create(file, {
    executionProviders: ['cpu'],
    intraOpNumThreads: 1,
    interOpNumThreads: 1,
    graphOptimizationLevel: 'all',
  });
  const size = inputSize(file, session);
  const [inputName] = session.inputNames;
  const [outputName] = session.outputNames;
  return {
    size,
    async run(input) {
      const tensor = new ort.Tensor('float32', input, [1, size, size, 3]);
      const result = await session.run({ [inputName!]: tensor });
      return result[outputName!]!.data as Float32Array;
    },
  };
}

function inputSize(file: string, session: InferenceSession): number {
  const input = session.inputMetadata[0];
  const shape = input?.isTensor ? input.shape : [];
  const [, height, width, channels] = shape;
  if (
    session.inputMetadata.length !== 1 ||
    !input?.isTensor ||
    input.type !== 'float32' ||
    shape.length !== 4 ||
    typeof height !== 'number' ||
    height !== width ||
    channels !== 3
  )
    throw new Error(
      `${file}: not a WD14 tagger (one float32 input [batch, size, size, 3] expected, found ${describe(session)})`,
    );
  return height;
}

function describe(session: InferenceSession): string {
  return session.inputMetadata
    .map((m) => (m.isTensor ? `${m.name}: ${m.type} [${m.shape.join(', ')}]` : m.name))
    .join('; ');
}
