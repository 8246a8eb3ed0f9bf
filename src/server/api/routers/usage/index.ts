import { router } from '../../trpc';
import { tenantStatsProcedure } from './tenant-stats';
import { tenantUsageProcedure } from './tenant-usage';

export const usageRouter = router({ usage: tenantUsageProcedure, stats: tenantStatsProcedure });
