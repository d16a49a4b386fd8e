#!/usr/bin/env python3
"""TensorFlow's time for one training step of the paper's CNN classifier,
defined as `policypu bench` defines it (src/step_timing.rs): forward pass,
backward pass and Adam update of one mini-batch of 128, the median of 5
steps after 1 warm-up. It is the reference the native conv path is measured
against (issue "Fast where users train"); results/bench-native.md quotes it.

The network is policypu's paper-cnn classifier (src/architecture.rs):
d-C(3x3,96)-C(3x3,192)-C(1x1,10)-100-1, each layer with batch norm and
ReLU, no padding, binary cross-entropy on the logit. TensorFlow on a CPU
convolves channels-last (NHWC); random inputs of the dataset's shape.

    pip install tensorflow-cpu   # 2.21 was measured
    python3 scripts/bench-tensorflow.py [--dataset mnist|cifar10] [--threads N]
"""
import argparse
import os
import platform
import statistics
import time

SHAPES = {"mnist": (28, 28, 1), "cifar10": (32, 32, 3)}


def paper_cnn(tf, shape):
    layers = tf.keras.layers
    x = inputs = tf.keras.Input(shape=shape)
    for filters, kernel in [(96, 3), (192, 3), (10, 1)]:
        x = layers.Conv2D(filters, kernel, padding="valid", use_bias=False)(x)
        x = layers.BatchNormalization()(x)
        x = layers.ReLU()(x)
    x = layers.Flatten()(x)
    x = layers.Dense(100, use_bias=False)(x)
    x = layers.BatchNormalization()(x)
    x = layers.ReLU()(x)
    return tf.keras.Model(inputs, layers.Dense(1)(x))


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--dataset", choices=SHAPES, default="mnist")
    parser.add_argument("--batch", type=int, default=128)
    parser.add_argument("--warmup", type=int, default=1)
    parser.add_argument("--timed", type=int, default=5)
    parser.add_argument("--threads", type=int, default=0, help="0: TensorFlow's choice (all cores)")
    args = parser.parse_args()
    os.environ.setdefault("TF_CPP_MIN_LOG_LEVEL", "2")
    import tensorflow as tf

    if args.threads:
        tf.config.threading.set_intra_op_parallelism_threads(args.threads)
        tf.config.threading.set_inter_op_parallelism_threads(args.threads)
    model = paper_cnn(tf, SHAPES[args.dataset])
    optimizer = tf.keras.optimizers.Adam(1e-3)
    loss_of = tf.keras.losses.BinaryCrossentropy(from_logits=True)
    rng = tf.random.Generator.from_seed(0)
    x = rng.uniform((args.batch, *SHAPES[args.dataset]))
    y = tf.cast(rng.uniform((args.batch, 1)) < 0.5, tf.float32)

    @tf.function
    def step():
        with tf.GradientTape() as tape:
            loss = loss_of(y, model(x, training=True))
        grads = tape.gradient(loss, model.trainable_variables)
        optimizer.apply_gradients(zip(grads, model.trainable_variables))
        return loss

    times = []
    for i in range(args.warmup + args.timed):
        started = time.perf_counter()
        step().numpy()  # waits for the step to finish
        if i >= args.warmup:
            times.append((time.perf_counter() - started) * 1e3)
    median = statistics.median(times)
    print(f"TensorFlow {tf.__version__} on {platform.processor() or platform.machine()}, "
          f"{os.cpu_count()} cores, intra-op threads {args.threads or 'default'}\n")
    print("| model | learner | ms per step | examples/s | steps timed (after warm-ups) |")
    print("|---|---|---|---|---|")
    print(f"| paper-cnn ({args.dataset}) | one network (TensorFlow) | {median:.1f} | "
          f"{args.batch / (median / 1e3):.0f} | {args.timed} ({args.warmup}) |")


if __name__ == "__main__":
    main()
