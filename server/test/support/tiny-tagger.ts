import { writeFile } from 'node:fs/promises';
import path from 'node:path';

/**
 * A WD14-shaped ONNX model written by hand (protobuf wire format, onnx.proto field numbers): input
 * `input` float32 [batch, size, size, 3] (NHWC, BGR, 0–255), output [batch, 6] sigmoid scores.
 * It averages each channel over the picture and maps the three means to fixed scores:
 * - `rating:general` (category 9) always ≈ 0.99, `rating:explicit` (9) always ≈ 0.01;
 * - `red_theme` (0): high when the mean red (the input's channel 2, BGR) is high;
 * - `blue_theme` (0): high when the mean blue (channel 0) is high;
 * - `half_tag` (0): always 0.5, above the default threshold 0.35;
 * - `side_character` (4): always ≈ 0.30, below the default threshold.
 */
export const TINY_TAGS = [
  [9, 'general', 9],
  [10, 'explicit', 9],
  [20, 'red_theme', 0],
  [21, 'blue_theme', 0],
  [22, 'half_tag', 0],
  [30, 'side_character', 4],
] as const;

/** Weights from the channel means (B, G, R) to each tag's logit, and each tag's bias. */
const WEIGHTS = [
  [0, 0, 0, 0, 0, 0],
  [0, 0, 0, 0, 0, 0],
  [0, 0, 1 / 8, 0, 0, 0],
].map((row, channel) => (channel === 0 ? [0, 0, 0, 1 / 8, 0, 0] : row));
const BIASES = [5, -5, -16, -16, 0, -0.85];

/** Writes `tagger.onnx` and `selected_tags.csv` into `dir`; answers both paths. */
export async function writeTinyTagger(dir: string, size = 32, tags = TINY_TAGS.length) {
  const model = path.join(dir, 'tagger.onnx');
  const labels = path.join(dir, 'selected_tags.csv');
  await writeFile(model, tinyModel(size));
  const lines = TINY_TAGS.slice(0, tags).map(
    ([id, name, category]) => `${id},${name},${category},100`,
  );
  await writeFile(labels, `tag_id,name,category,count\n${lines.join('\n')}\n`);
  return { model, labels };
}

function tinyModel(size: number): Buffer {
  const n = TINY_TAGS.length;
  const graph = [
    node(['input'], ['means'], 'ReduceMean', [attrInts('axes', [1, 2]), attrInt('keepdims', 0)]),
    node(['means', 'weights'], ['logits'], 'MatMul'),
    node(['logits', 'biases'], ['shifted'], 'Add'),
    node(['shifted'], ['output'], 'Sigmoid'),
  ].map((bytes) => field(1, bytes));
  graph.push(field(2, text('tiny_wd14')));
  graph.push(field(5, floatTensor('weights', [3, n], WEIGHTS.flat())));
  graph.push(field(5, floatTensor('biases', [n], BIASES)));
  graph.push(field(11, valueInfo('input', ['batch', size, size, 3])));
  graph.push(field(12, valueInfo('output', ['batch', n])));
  return Buffer.concat([
    varintField(1, 8), // ir_version
    field(2, text('capshelf-test')), // producer_name
    field(7, Buffer.concat(graph)),
    field(8, Buffer.concat([field(1, text('')), varintField(2, 13)])), // opset_import: ai.onnx 13
  ]);
}

function node(inputs: string[], outputs: string[], op: string, attributes: Buffer[] = []) {
  return Buffer.concat([
    ...inputs.map((name) => field(1, text(name))),
    ...outputs.map((name) => field(2, text(name))),
    field(4, text(op)),
    ...attributes.map((a) => field(5, a)),
  ]);
}

const ATTRIBUTE_INT = 2;
const ATTRIBUTE_INTS = 7;
const attrInt = (name: string, value: number) =>
  Buffer.concat([field(1, text(name)), varintField(3, value), varintField(20, ATTRIBUTE_INT)]);
const attrInts = (name: string, values: number[]) =>
  Buffer.concat([
    field(1, text(name)),
    ...values.map((v) => varintField(8, v)),
    varintField(20, ATTRIBUTE_INTS),
  ]);

const FLOAT = 1;
function floatTensor(name: string, dims: number[], values: number[]) {
  const raw = Buffer.alloc(values.length * 4);
  values.forEach((v, i) => raw.writeFloatLE(v, i * 4));
  return Buffer.concat([
    ...dims.map((d) => varintField(1, d)),
    varintField(2, FLOAT),
    field(8, text(name)),
    field(9, raw),
  ]);
}

function valueInfo(name: string, shape: (number | string)[]) {
  const dims = shape.map((d) =>
    field(1, typeof d === 'number' ? varintField(1, d) : field(2, text(d))),
  );
  const tensorType = Buffer.concat([varintField(1, FLOAT), field(2, Buffer.concat(dims))]);
  return Buffer.concat([field(1, text(name)), field(2, field(1, tensorType))]);
}

const text = (value: string) => Buffer.from(value, 'utf8');

function varint(value: number): Buffer {
  const bytes: number[] = [];
  let v = value;
  while (v > 0x7f) {
    bytes.push((v & 0x7f) | 0x80);
    v = Math.floor(v / 128);
  }
  bytes.push(v);
  return Buffer.from(bytes);
}
const varintField = (number: number, value: number) =>
  Buffer.concat([varint(number << 3), varint(value)]);
const field = (number: number, bytes: Buffer) =>
  Buffer.concat([varint((number << 3) | 2), varint(bytes.length), bytes]);
