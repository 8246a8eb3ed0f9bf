import type { OperationExample } from './types';

/** Worked examples of image and video jobs, their models and the progress feed. */
export const jobsExamples: Record<string, OperationExample> = {
  "POST /generate": {
    "body": {
      "prompt": "一只橘猫坐在窗台上，水彩风格",
      "ratio": "1:1",
      "quality": "high"
    },
    "response": {
      "ok": true,
      "jobId": "3f1c2a9e-6b1d-4c47-9a52-0d8e7b6f5a10",
      "status": "pending"
    }
  },
  "POST /generate-batch": {
    "body": {
      "items": [
        {
          "prompt": "春季新品海报，浅绿色背景",
          "ratio": "3:4"
        },
        {
          "prompt": "春季新品海报，浅粉色背景",
          "ratio": "3:4"
        }
      ]
    },
    "response": {
      "ok": true,
      "batch_id": "3f1c2a9e-6b1d-4c47-9a52-0d8e7b6f5a10",
      "jobs": [
        {
          "jobId": "3f1c2a9e-6b1d-4c47-9a52-0d8e7b6f5a10",
          "status": "pending"
        }
      ]
    }
  },
  "GET /jobs": {
    "query": {
      "id": "3f1c2a9e-6b1d-4c47-9a52-0d8e7b6f5a10"
    },
    "response": {
      "ok": true,
      "job": {
        "id": "3f1c2a9e-6b1d-4c47-9a52-0d8e7b6f5a10",
        "job_id": "3f1c2a9e-6b1d-4c47-9a52-0d8e7b6f5a10",
        "jobId": "3f1c2a9e-6b1d-4c47-9a52-0d8e7b6f5a10",
        "status": "pending",
        "cdn_url": "https://example.com/cdn_url",
        "error": null,
        "elapsed_ms": 8400,
        "note": "十一月充值",
        "steps": [
          {
            "name": "星河文创",
            "status": "running"
          }
        ],
        "kind": "image",
        "prompt": "一只橘猫坐在窗台上，水彩风格",
        "skill_slug": "poster",
        "template_id": "poster-classic",
        "ratio": "1:1",
        "quality": "high",
        "background": "background",
        "batch_id": "batch_id",
        "request_id": "req_01JD7Q4N8ZK3",
        "created_at": "2026-11-24T08:00:00.000Z",
        "finished_at": "2026-11-24T08:00:00.000Z"
      },
      "jobs": [
        {
          "id": "3f1c2a9e-6b1d-4c47-9a52-0d8e7b6f5a10",
          "job_id": "3f1c2a9e-6b1d-4c47-9a52-0d8e7b6f5a10",
          "jobId": "3f1c2a9e-6b1d-4c47-9a52-0d8e7b6f5a10",
          "status": "pending",
          "cdn_url": "https://example.com/cdn_url",
          "error": null,
          "elapsed_ms": 8400,
          "note": "十一月充值",
          "steps": [
            {
              "name": "星河文创",
              "status": "running"
            }
          ],
          "kind": "image",
          "prompt": "一只橘猫坐在窗台上，水彩风格",
          "skill_slug": "poster",
          "template_id": "poster-classic",
          "ratio": "1:1",
          "quality": "high",
          "background": "background",
          "batch_id": "batch_id",
          "request_id": "req_01JD7Q4N8ZK3",
          "created_at": "2026-11-24T08:00:00.000Z",
          "finished_at": "2026-11-24T08:00:00.000Z"
        }
      ],
      "next_cursor": null
    }
  },
  "GET /available-models": {
    "query": {
      "media_type": "image"
    },
    "response": {
      "ok": true,
      "media_type": "image",
      "default": "桂花乌龙茶",
      "models": [
        {
          "id": "3f1c2a9e-6b1d-4c47-9a52-0d8e7b6f5a10",
          "kind": "auto",
          "family": "imagegen-1",
          "capabilities": {
            "reference_images": true,
            "transparent_background": true,
            "mask": true,
            "qualities": [
              "qualities"
            ]
          }
        }
      ]
    }
  },
  "POST /videos": {
    "body": {
      "prompt": "海边日落，镜头缓慢推进",
      "ratio": "16:9",
      "duration": 5,
      "resolution": "720p"
    },
    "response": {
      "ok": true,
      "id": "3f1c2a9e-6b1d-4c47-9a52-0d8e7b6f5a10",
      "task_id": "3f1c2a9e-6b1d-4c47-9a52-0d8e7b6f5a10",
      "jobId": "3f1c2a9e-6b1d-4c47-9a52-0d8e7b6f5a10",
      "status": "pending",
      "state": "queued"
    }
  },
  "GET /videos": {
    "query": {
      "page_num": 1,
      "page_size": 20
    },
    "response": {
      "ok": true,
      "task": {
        "id": "3f1c2a9e-6b1d-4c47-9a52-0d8e7b6f5a10",
        "task_id": "3f1c2a9e-6b1d-4c47-9a52-0d8e7b6f5a10",
        "job_status": "pending",
        "state": "queued",
        "model": "auto",
        "prompt": "一只橘猫坐在窗台上，水彩风格",
        "template_id": "poster-classic",
        "ratio": "1:1",
        "duration": 1,
        "resolution": "720p",
        "generate_audio": true,
        "images": [
          "images"
        ],
        "videos": [
          "videos"
        ],
        "audios": [
          "audios"
        ],
        "progress": 1,
        "video_url": "https://example.com/video_url",
        "cover_url": "https://example.com/cover_url",
        "error": null,
        "note": "十一月充值",
        "credits": 5000,
        "elapsed_ms": 8400,
        "created_at": "2026-11-24T08:00:00.000Z",
        "started_at": "2026-11-24T08:00:00.000Z",
        "finished_at": "2026-11-24T08:00:00.000Z"
      },
      "tasks": [
        {
          "id": "3f1c2a9e-6b1d-4c47-9a52-0d8e7b6f5a10",
          "task_id": "3f1c2a9e-6b1d-4c47-9a52-0d8e7b6f5a10",
          "job_status": "pending",
          "state": "queued",
          "model": "auto",
          "prompt": "一只橘猫坐在窗台上，水彩风格",
          "template_id": "poster-classic",
          "ratio": "1:1",
          "duration": 1,
          "resolution": "720p",
          "generate_audio": true,
          "images": [
            "images"
          ],
          "videos": [
            "videos"
          ],
          "audios": [
            "audios"
          ],
          "progress": 1,
          "video_url": "https://example.com/video_url",
          "cover_url": "https://example.com/cover_url",
          "error": null,
          "note": "十一月充值",
          "credits": 5000,
          "elapsed_ms": 8400,
          "created_at": "2026-11-24T08:00:00.000Z",
          "started_at": "2026-11-24T08:00:00.000Z",
          "finished_at": "2026-11-24T08:00:00.000Z"
        }
      ],
      "page_num": 1,
      "page_size": 20,
      "total": 5000
    }
  },
  "DELETE /videos": {
    "query": {
      "id": "3f1c2a9e-6b1d-4c47-9a52-0d8e7b6f5a10"
    },
    "response": {
      "ok": true,
      "id": "3f1c2a9e-6b1d-4c47-9a52-0d8e7b6f5a10",
      "action": "cancelled",
      "task": {
        "id": "3f1c2a9e-6b1d-4c47-9a52-0d8e7b6f5a10",
        "task_id": "3f1c2a9e-6b1d-4c47-9a52-0d8e7b6f5a10",
        "job_status": "pending",
        "state": "queued",
        "model": "auto",
        "prompt": "一只橘猫坐在窗台上，水彩风格",
        "template_id": "poster-classic",
        "ratio": "1:1",
        "duration": 1,
        "resolution": "720p",
        "generate_audio": true,
        "images": [
          "images"
        ],
        "videos": [
          "videos"
        ],
        "audios": [
          "audios"
        ],
        "progress": 1,
        "video_url": "https://example.com/video_url",
        "cover_url": "https://example.com/cover_url",
        "error": null,
        "note": "十一月充值",
        "credits": 5000,
        "elapsed_ms": 8400,
        "created_at": "2026-11-24T08:00:00.000Z",
        "started_at": "2026-11-24T08:00:00.000Z",
        "finished_at": "2026-11-24T08:00:00.000Z"
      }
    }
  },
  "GET /jobs-stream": {
    "headers": {
      "Last-Event-ID": "40"
    },
    "response": "id: 41\nevent: job.done\ndata: {\"ok\":true,\"job\":{\"id\":\"3f1c2a9e-6b1d-4c47-9a52-0d8e7b6f5a10\",\"status\":\"done\",\"cdn_url\":\"https://studio.example.com/files/t/3f1c2a9e.png\"}}\n\n"
  }
};
