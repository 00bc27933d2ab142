import { describe, expect, it } from 'vitest';
import { taggerModelName } from './model-name';

describe('the tagger model short name', () => {
  it('is the file name, or the folder of a model.onnx, or the repository of a Hub cache path', () => {
    expect(taggerModelName('/models/wd-vit-tagger-v3.onnx')).toBe('wd-vit-tagger-v3');
    expect(taggerModelName('/models/wd-eva02-large-tagger-v3/model.onnx')).toBe(
      'wd-eva02-large-tagger-v3',
    );
    expect(
      taggerModelName(
        `/root/.cache/huggingface/hub/models--SmilingWolf--wd-swinv2-tagger-v3/snapshots/${'a1'.repeat(20)}/model.onnx`,
      ),
    ).toBe('wd-swinv2-tagger-v3');
  });
});
