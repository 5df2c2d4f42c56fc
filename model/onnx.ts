/**
 * ONNX export/import of the MLP (training side only: the server reads the file with onnxruntime-node).
 * Graph: answers float32[N,110] → Gemm(W1ᵀ)+b1 → Relu → Gemm(W2ᵀ)+b2 → Softmax(axis 1) → probabilities[N,27];
 * with absInputs the first Gemm reads Concat(answers, Abs(answers)) [N,220] instead (net.ts).
 */
import onnxProto from "onnx-proto";
import type { onnx as OnnxTypes } from "onnx-proto";
import { inputWidth, type MlpWeights } from "./net";

// onnx-proto is CommonJS: its namespace is on the default export under ESM.
const { onnx } = onnxProto as unknown as { onnx: typeof OnnxTypes };

export const ONNX_INPUT = "answers";
export const ONNX_OUTPUT = "probabilities";
const OPSET = 13;

function tensor(name: string, dims: number[], data: Float32Array): OnnxTypes.ITensorProto {
  return {
    name,
    dims,
    dataType: onnx.TensorProto.DataType.FLOAT,
    // raw_data is little-endian float32, which is what a Float32Array holds on x86/ARM
    rawData: new Uint8Array(data.buffer.slice(data.byteOffset, data.byteOffset + data.byteLength)),
  };
}

function valueInfo(name: string, dims: (number | string)[]): OnnxTypes.IValueInfoProto {
  return {
    name,
    type: {
      tensorType: {
        elemType: onnx.TensorProto.DataType.FLOAT,
        shape: { dim: dims.map((d) => (typeof d === "number" ? { dimValue: d } : { dimParam: d })) },
      },
    },
  };
}

export function exportOnnx(w: MlpWeights, meta: Record<string, string>): Uint8Array {
  const model: OnnxTypes.IModelProto = {
    irVersion: 8,
    producerName: "thinking-format/model/train.ts",
    producerVersion: meta.version ?? "",
    opsetImport: [{ domain: "", version: OPSET }],
    metadataProps: Object.entries(meta).map(([key, value]) => ({ key, value })),
    graph: {
      name: "thinking_format_mlp",
      input: [valueInfo(ONNX_INPUT, ["N", w.nIn])],
      output: [valueInfo(ONNX_OUTPUT, ["N", w.nOut])],
      initializer: [
        tensor("W1", [w.nHidden, inputWidth(w)], w.W1),
        tensor("b1", [w.nHidden], w.b1),
        tensor("W2", [w.nOut, w.nHidden], w.W2),
        tensor("b2", [w.nOut], w.b2),
      ],
      node: [
        ...(w.absInputs
          ? [
              { opType: "Abs", input: [ONNX_INPUT], output: ["answers_abs"], name: "abs" },
              {
                opType: "Concat",
                input: [ONNX_INPUT, "answers_abs"],
                output: ["features"],
                name: "features",
                attribute: [{ name: "axis", type: onnx.AttributeProto.AttributeType.INT, i: 1 }],
              },
            ]
          : []),
        {
          opType: "Gemm",
          input: [w.absInputs ? "features" : ONNX_INPUT, "W1", "b1"],
          output: ["h_lin"],
          name: "dense1",
          attribute: [{ name: "transB", type: onnx.AttributeProto.AttributeType.INT, i: 1 }],
        },
        { opType: "Relu", input: ["h_lin"], output: ["h"], name: "relu1" },
        {
          opType: "Gemm",
          input: ["h", "W2", "b2"],
          output: ["logits"],
          name: "dense2",
          attribute: [{ name: "transB", type: onnx.AttributeProto.AttributeType.INT, i: 1 }],
        },
        {
          opType: "Softmax",
          input: ["logits"],
          output: [ONNX_OUTPUT],
          name: "softmax",
          attribute: [{ name: "axis", type: onnx.AttributeProto.AttributeType.INT, i: 1 }],
        },
      ],
    },
  };
  return onnx.ModelProto.encode(onnx.ModelProto.create(model)).finish();
}

/** Reads the weights back out of an exported file (for the reference forward pass in tests). */
export function importOnnx(bytes: Uint8Array): { weights: MlpWeights; meta: Record<string, string> } {
  const m = onnx.ModelProto.decode(bytes);
  const init = new Map(m.graph!.initializer!.map((t) => [t.name!, t]));
  const f32 = (name: string) => {
    const raw = init.get(name)!.rawData!;
    return new Float32Array(raw.buffer.slice(raw.byteOffset, raw.byteOffset + raw.byteLength));
  };
  const dims = init.get("W1")!.dims!.map(Number);
  const nOut = Number(init.get("W2")!.dims![0]);
  const meta = Object.fromEntries((m.metadataProps ?? []).map((p) => [p.key!, p.value!]));
  const absInputs = (m.graph!.node ?? []).some((n) => n.opType === "Abs");
  const nIn = absInputs ? dims[1] / 2 : dims[1];
  return { weights: { nIn, nHidden: dims[0], nOut, ...(absInputs ? { absInputs } : {}), W1: f32("W1"), b1: f32("b1"), W2: f32("W2"), b2: f32("b2") }, meta };
}
