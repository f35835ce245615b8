/** Every "N of M" in a text whose N is above its M: a count no sentence may give. */
export function countsAbove(text: string): string[] {
  return [...text.matchAll(/(\d+) of (\d+)/g)].filter((m) => Number(m[1]) > Number(m[2])).map((m) => m[0]);
}
