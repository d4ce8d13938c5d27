// React's half of the renderer: a persistent island's new props render in a transition, so
// the swap that brings them never puts a fallback in place of what the shopper sees.
import { act, Suspense, use } from "react";
import { expect, it } from "vitest";
import { mountIsland } from "../../../src/renderer/mount";

(globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;

const never = new Promise<never>(() => {});

function Label({ text }: { text: string }) {
  if (text === "slow") use(never);
  return <p>{text}</p>;
}

function Island({ text }: { text: string }) {
  return (
    <Suspense fallback={<p>loading</p>}>
      <Label text={text} />
    </Suspense>
  );
}

it("renders an island's new props in a transition: one that suspends keeps showing the old", async () => {
  const el = document.createElement("div");
  document.body.append(el);
  const noop = () => {};
  let mounted: ReturnType<typeof mountIsland<{ text: string }>> | null = null;
  await act(async () => {
    mounted = mountIsland(
      el,
      Island,
      { text: "old" },
      { ssr: false, idPrefix: "t-", onMounted: noop, onError: noop, onRecoverableError: noop },
    );
  });
  expect(el.textContent).toBe("old");
  await act(async () => mounted!.update({ text: "slow" }));
  expect(el.textContent).toBe("old");
  await act(async () => mounted!.update({ text: "new" }));
  expect(el.textContent).toBe("new");
  act(() => mounted!.unmount());
});
