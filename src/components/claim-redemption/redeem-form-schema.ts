import { z } from 'zod';
import { redeemSchema } from '@/contracts/claims';
import { filled, worded } from '../console/form-rules';

const rules = redeemSchema.shape;

/** The buyer's nickname and email, checked by the redemption contract and refused in the page's language. */
export const redeemFormSchema = z.object({
  nickname: filled('请填写昵称').pipe(worded(rules.nickname, { too_big: '昵称最多 50 个字' })),
  email: filled('请填写邮箱').pipe(worded(rules.email, { invalid_format: '邮箱格式不正确', too_big: '邮箱太长' })),
});
