import type { OperationExample } from './types';

/** Worked examples of operator actions, balances, members, callbacks secret, usage and claim codes. */
export const tenantExamples: Record<string, OperationExample> = {
  "POST /admin": {
    "body": {
      "action": "tenant-credit",
      "tenant_id": "3f1c2a9e-6b1d-4c47-9a52-0d8e7b6f5a10",
      "credits": 5000,
      "note": "十一月充值"
    },
    "response": {
      "tenant": {
        "id": "3f1c2a9e-6b1d-4c47-9a52-0d8e7b6f5a10",
        "name": "星河文创",
        "quota_monthly": 5000,
        "credits": 5000,
        "created_at": "2026-11-24T08:00:00.000Z",
        "admin_email": "admin@xinghe.example.com",
        "disabled": true
      },
      "api_key": "sk-studio-…",
      "ok": true,
      "action": "tenant-create"
    }
  },
  "GET /balance": {
    "response": {
      "ok": true,
      "credits": 5000,
      "pool": "tenant"
    }
  },
  "GET /tenant-pool": {
    "response": {
      "ok": true,
      "allocatable": 5000,
      "reserved": 1,
      "total": 5000,
      "members_dedicated": 1
    }
  },
  "GET /tenant-accounts": {
    "response": {
      "ok": true,
      "accounts": [
        {
          "account_id": "3f1c2a9e-6b1d-4c47-9a52-0d8e7b6f5a10",
          "email": "admin@example.com",
          "nickname": "小林",
          "api_key": "sk-studio-…",
          "mode": "shared",
          "shared": true,
          "credits": 5000,
          "spent": 5000,
          "disabled": true,
          "created_at": "2026-11-24T08:00:00.000Z"
        }
      ]
    }
  },
  "POST /tenant-accounts": {
    "body": {
      "action": "create",
      "email": "designer@example.com",
      "nickname": "小林"
    },
    "response": {
      "account": {
        "account_id": "3f1c2a9e-6b1d-4c47-9a52-0d8e7b6f5a10",
        "email": "admin@example.com",
        "nickname": "小林",
        "api_key": "sk-studio-…",
        "mode": "shared",
        "shared": true,
        "credits": 5000,
        "spent": 5000,
        "disabled": true,
        "created_at": "2026-11-24T08:00:00.000Z"
      },
      "ok": true,
      "action": "create"
    }
  },
  "GET /webhook-secret": {
    "response": {
      "ok": true,
      "secret": "whsec_MfKQ9r8GkjEjH1a9qVb0hQ==",
      "scheme": "standard-webhooks"
    }
  },
  "POST /webhook-secret": {
    "body": {},
    "response": {
      "ok": true,
      "secret": "whsec_MfKQ9r8GkjEjH1a9qVb0hQ==",
      "scheme": "standard-webhooks"
    }
  },
  "GET /tenant-usage": {
    "query": {
      "days": "30"
    },
    "response": {
      "ok": true,
      "tenant": {
        "name": "星河文创"
      },
      "timezone": "Asia/Shanghai",
      "days": 1,
      "since": "2026-11-24",
      "generated_at": "2026-11-24T08:00:00.000Z",
      "totals": {
        "image": 1,
        "video": 1,
        "chat": 1,
        "reverse": 1,
        "other": 1,
        "total": 5000
      },
      "daily": [
        {
          "image": 1,
          "video": 1,
          "chat": 1,
          "reverse": 1,
          "other": 1,
          "total": 5000,
          "date": "2026-11-24"
        }
      ]
    }
  },
  "GET /tenant-stats": {
    "query": {
      "hours": "24"
    },
    "response": {
      "ok": true,
      "window_hours": 1,
      "generated_at": "2026-11-24T08:00:00.000Z",
      "tenant": {
        "name": "星河文创",
        "quota_monthly": 5000,
        "used_month": 1,
        "credits": 5000
      },
      "mine": {
        "attempts_total": 5000,
        "jobs": {
          "total": 5000,
          "done": 1,
          "failed": 1,
          "processing": 1,
          "success_rate": 1,
          "p95_ms": 8400
        },
        "charged_cny": 1
      }
    }
  },
  "POST /tenant-claims": {
    "body": {
      "template_ids": [
        "poster-classic"
      ],
      "credits": 500,
      "note": "直播间福利"
    },
    "response": {
      "code": "CLAIM-7KQ2-M9XD",
      "claim_url": "https://example.com/claim_url",
      "reply_text": "好的",
      "product_copy": "桂花乌龙，一口秋天",
      "product_images": [
        "https://studio.example.com/files/uploads/oolong-tea.png"
      ],
      "credits": 5000,
      "templates": [
        {
          "slug": "poster-classic",
          "zh_name": "新品海报"
        }
      ],
      "tutorial_pdf": {
        "url": "https://studio.example.com/files/t/3f1c2a9e.png",
        "title": "新品上市"
      },
      "credits_balance_after": 5000,
      "note": "十一月充值",
      "ok": true
    }
  },
  "GET /tenant-claims": {
    "query": {
      "state": "open"
    },
    "response": {
      "ok": true,
      "claims": [
        {
          "code": "CLAIM-7KQ2-M9XD",
          "claim_url": "https://example.com/claim_url",
          "state": "open",
          "credits": 5000,
          "note": "十一月充值",
          "templates": [
            {
              "slug": "poster-classic",
              "zh_name": "新品海报",
              "id": "3f1c2a9e-6b1d-4c47-9a52-0d8e7b6f5a10"
            }
          ],
          "tutorial_pdf": {
            "url": "https://studio.example.com/files/t/3f1c2a9e.png",
            "title": "新品上市"
          },
          "reply_text": "好的",
          "product_copy": "桂花乌龙，一口秋天",
          "redeemed_by": {
            "nickname": "小林",
            "email": "admin@example.com"
          },
          "redeemed_at": "2026-11-24T08:00:00.000Z",
          "disabled_at": "2026-11-24T08:00:00.000Z",
          "created_at": "2026-11-24T08:00:00.000Z"
        }
      ],
      "next_cursor": null
    }
  },
  "GET /social-claims": {
    "query": {
      "code": "CLAIM-7KQ2-M9XD"
    },
    "response": {
      "ok": true,
      "code": "CLAIM-7KQ2-M9XD",
      "state": "open",
      "provider": "provider",
      "credits": 5000,
      "templates": [
        {
          "slug": "poster-classic",
          "zh_name": "新品海报",
          "type": "type",
          "description": "适合电商新品发布的竖版海报",
          "sample_images": [
            "https://studio.example.com/files/samples/poster-classic.png"
          ]
        }
      ],
      "tutorial_pdf": {
        "url": "https://studio.example.com/files/t/3f1c2a9e.png",
        "title": "新品上市"
      },
      "product_images": [
        "https://studio.example.com/files/uploads/oolong-tea.png"
      ]
    }
  },
  "POST /social-claims": {
    "body": {
      "code": "CLAIM-7KQ2-M9XD",
      "nickname": "小林",
      "email": "buyer@example.com"
    },
    "response": {
      "ok": true,
      "code": "CLAIM-7KQ2-M9XD",
      "credits_granted": 5000,
      "templates": [
        {
          "slug": "poster-classic",
          "zh_name": "新品海报"
        }
      ],
      "tutorial_pdf": {
        "url": "https://studio.example.com/files/t/3f1c2a9e.png",
        "title": "新品上市"
      },
      "account": {
        "email": "admin@example.com",
        "nickname": "小林",
        "credits": 5000,
        "created": true
      },
      "sign_in": {
        "url": "https://studio.example.com/files/t/3f1c2a9e.png",
        "email": "admin@example.com",
        "password": "Kx7-mP2q-Lw9z",
        "hint": "首次登录后请修改密码"
      },
      "api_key": "sk-studio-…"
    }
  }
};
