import type { CommitmentData } from '../contracts/page-data/broker.ts';
import { errors } from '../errors.ts';
import { parseId } from '../lib/ids.ts';
import { commitmentMeta } from '../meta/broker.ts';
import { type LoadResult, type PageContext, pageLoader } from '../pipeline/types.ts';

async function loadCommitment(ctx: PageContext): Promise<LoadResult<CommitmentData>> {
  const raw = ctx.params.id ?? ctx.query.id;
  const commitments = await ctx.api.belonger.commitments(ctx.call);
  if (raw === undefined) return { data: { commitments, current: null } };
  const id = parseId(raw);
  const current = id === null ? null : (commitments.find((c) => c.id === id) ?? (await ctx.api.belonger.commitment(ctx.call, id)));
  if (!current) throw errors.pageNotFound();
  return { data: { commitments, current } };
}

export const commitmentLoaders = { commitment: pageLoader(loadCommitment, commitmentMeta) };
export const commitmentLoaderQueryKeys = { commitment: ['id'] };
